// The Node side of the bindings' per-call overhead bench (see run): the same edit as
// overhead.rs. Prints `node <what> <lines> <µs per call>`.

import { createRequire } from 'node:module'
const { Document } = createRequire(import.meta.url)('../node/index.js')

function edit(n) {
  const line = (i) => `const v${i} = compute(${i}, "x${i}");`
  let file = 'function f() {\r\n'
  for (let i = 0; i < n; i++) file += `\t${line(i)}\r\n`
  file += '}\r\n'
  const k = Math.floor(n / 2)
  const old = `    ${line(k)}\n    ${line(k + 1)}`
  const neu = `    ${line(k)}\n    const v${k + 1} = compute(${k + 1}, "y");`
  return [file, old, neu]
}

async function perCall(calls, f) {
  for (let i = 0; i < calls / 10; i++) await f()
  const start = process.hrtime.bigint()
  for (let i = 0; i < calls; i++) await f()
  return Number(process.hrtime.bigint() - start) / 1e3 / calls
}

for (const [n, calls] of [[20, 20000], [1000, 2000]]) {
  const [file, old, neu] = edit(n)
  const doc = new Document(file)
  if (doc.apply(old, neu).content.split('\r\n').length !== n + 3) throw new Error('bad edit')
  console.log(`node apply ${n} ${(await perCall(calls, () => doc.apply(old, neu))).toFixed(2)}`)
  console.log(`node applyAsync ${n} ${(await perCall(calls, () => doc.applyAsync(old, neu))).toFixed(2)}`)
  console.log(`node new+apply ${n} ${(await perCall(calls, () => new Document(file).apply(old, neu))).toFixed(2)}`)
}
