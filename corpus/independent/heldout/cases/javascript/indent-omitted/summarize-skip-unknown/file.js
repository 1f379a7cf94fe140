const fs = require('fs');
const readline = require('readline');

async function readCsv(file, { delimiter = ',', header = true } = {}) {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const rows = [];
  let columns = null;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cells = line.split(delimiter).map((c) => c.trim());
    if (header && !columns) {
      columns = cells;
      continue;
    }
    rows.push(columns ? Object.fromEntries(columns.map((c, i) => [c, cells[i]])) : cells);
  }
  return rows;
}

function summarize(rows, key) {
  const counts = {};
  for (const row of rows) {
    const value = row[key] || 'unknown';
    counts[value] = (counts[value] || 0) + 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1]);
}

function toCsv(rows) {
  return rows.map((r) => r.join(',')).join('\n');
}

module.exports = { readCsv, summarize, toCsv };
