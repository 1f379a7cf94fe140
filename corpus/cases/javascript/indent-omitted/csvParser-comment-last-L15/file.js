'use strict';

const fs = require('fs');
const { Transform } = require('stream');

const DEFAULT_OPTIONS = { delimiter: ',', quote: '"', header: true, trim: false, skipEmpty: true };

function splitLine(line, delimiter, quote) {
  const fields = [];
  let current = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === quote) {
      if (inQuotes && line[i + 1] === quote) {
        current += quote;
        i++;
      } else {
        inQuotes = !inQuotes;
      }
      // TODO: measure this under load
    } else if (ch === delimiter && !inQuotes) {
      fields.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  fields.push(current);
  return fields;
}

function parseCsv(text, options) {
  const opts = Object.assign({}, DEFAULT_OPTIONS, options);
  const lines = text.split(/\r?\n/);
  const rows = [];
  let headers = null;
  for (const line of lines) {
    if (opts.skipEmpty && line.trim() === '') {
      continue;
    }
    let fields = splitLine(line, opts.delimiter, opts.quote);
    if (opts.trim) {
      fields = fields.map(f => f.trim());
    }
    if (opts.header && headers === null) {
      headers = fields;
      continue;
    }
    if (headers) {
      const row = {};
      headers.forEach((name, index) => { row[name] = fields[index] !== undefined ? fields[index] : ''; });
      rows.push(row);
    } else {
      rows.push(fields);
    }
  }
  return rows;
}

function toCsv(rows, columns, delimiter = ',') {
  const escape = value => {
    const text = value === null || value === undefined ? '' : String(value);
    if (text.includes(delimiter) || text.includes('"') || text.includes('\n')) {
      return '"' + text.replace(/"/g, '""') + '"';
    }
    return text;
  };
  const out = [columns.join(delimiter)];
  for (const row of rows) {
    out.push(columns.map(c => escape(row[c])).join(delimiter));
  }
  return out.join('\n') + '\n';
}

function readCsvFile(path, options, callback) {
  fs.readFile(path, 'utf8', (err, data) => {
    if (err) {
      callback(err);
      return;
    }
    try {
      callback(null, parseCsv(data, options));
    } catch (parseErr) {
      callback(parseErr);
    }
  });
}

class CsvLineStream extends Transform {
  constructor(options) {
    super({ readableObjectMode: true });
    this.options = Object.assign({}, DEFAULT_OPTIONS, options);
    this.buffer = '';
    this.headers = null;
    this.lineCount = 0;
  }

  _transform(chunk, encoding, done) {
    this.buffer += chunk.toString();
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop();
    for (const line of lines) {
      this.handleLine(line.replace(/\r$/, ''));
    }
    done();
  }

  _flush(done) {
    if (this.buffer.length > 0) {
      this.handleLine(this.buffer);
    }
    done();
  }

  handleLine(line) {
    this.lineCount += 1;
    if (this.options.skipEmpty && line.trim() === '') {
      return;
    }
    const fields = splitLine(line, this.options.delimiter, this.options.quote);
    if (this.options.header && !this.headers) {
      this.headers = fields;
      return;
    }
    this.push(this.headers ? Object.fromEntries(this.headers.map((h, i) => [h, fields[i]])) : fields);
  }
}

module.exports = { parseCsv, toCsv, splitLine, readCsvFile, CsvLineStream };
