// The Node bindings through their public API, with model-shaped edits: whole resulting texts
// asserted, every failure's code, name and report checked, files left untouched.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const editloc = require('../index.js')
const { Document, applyFile, applyFileAsync, applyPatch, applyPatchAsync, builtLanguages } = editloc

// An editor buffer: CRLF, tabs, and characters outside the BMP before the edit, so UTF-16
// offsets differ from code points and bytes.
const BUFFER =
  '// 🚀 orders — ünïcode\r\n' +
  'export function processOrder(id: string) {\r\n' +
  '\tconst order = load(id);  \r\n' +
  '\treturn ship(order, "slow");\r\n' +
  '}\r\n'

/** What VS Code does with a TextEdit[]: positions (line, UTF-16 character) → offsets. */
function applyTextEdits(text, edits) {
  const lineStarts = [0]
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') lineStarts.push(i + 1)
  }
  const offset = (p) => lineStarts[p.line] + p.character
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))
  for (const e of sorted) {
    text = text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end))
  }
  return text
}

const EXPECTED =
  '// 🚀 orders — ünïcode\r\n' +
  'export function processOrder(id: string) {\r\n' +
  '\tconst order = load(id);  \r\n' +
  '\treturn ship(order, "fast");\r\n' +
  '}\r\n'

test('VS Code-style flow: apply to an in-memory buffer, get UTF-16 text edits', async () => {
  const doc = new Document(BUFFER, { name: 'src/orders.ts' })
  assert.equal(doc.language, 'typescript')
  // The model's view: spaces, LF, no trailing spaces, single quotes, no semicolon.
  const result = await doc.applyAsync(
    "    return ship(order, 'slow')",
    "    return ship(order, 'fast')",
  )
  assert.equal(result.content, EXPECTED)
  assert.equal(result.tier, 'structural')
  assert.deepEqual(result.lines, { start: 4, end: 4 })
  // `range` is in UTF-16 code units: it slices the JS string.
  assert.equal(BUFFER.slice(result.range.start, result.range.end), '\treturn ship(order, "slow");')
  assert.ok(result.byteRange.start > result.range.start)
  assert.deepEqual(result.textEdits, [
    { range: { start: { line: 3, character: 21 }, end: { line: 3, character: 25 } }, newText: 'fast' },
  ])
  assert.equal(applyTextEdits(BUFFER, result.textEdits), EXPECTED)
  assert.equal(result.hintDecided, false)
  assert.deepEqual(result.warnings, [])
})

test('sync apply keeps CRLF and tabs on the normalized tier', () => {
  const doc = new Document(BUFFER, { language: 'typescript' })
  const result = doc.apply(
    '  const order = load(id);\n  return ship(order, "slow");',
    '  const order = load(id);\n  log(order);\n  return ship(order, "slow");',
  )
  assert.equal(result.tier, 'normalized')
  assert.equal(
    result.content,
    '// 🚀 orders — ünïcode\r\n' +
      'export function processOrder(id: string) {\r\n' +
      '\tconst order = load(id);  \r\n' +
      '\tlog(order);\r\n' +
      '\treturn ship(order, "slow");\r\n' +
      '}\r\n',
  )
  assert.equal(applyTextEdits(BUFFER, result.textEdits), result.content)
  const m = doc.locate('return ship(order, "slow");')
  assert.equal(m.tier, 'exact')
  // The range takes the line's indentation, which `old` starts after.
  assert.equal(BUFFER.slice(m.range.start, m.range.end), '\treturn ship(order, "slow");')
})

test('not found: code, name and a report naming the closest candidate (sync and async)', async () => {
  const doc = new Document(BUFFER, { language: 'typescript' })
  const check = (e) => {
    assert.ok(e instanceof Error)
    assert.equal(e.code, 'not_found')
    assert.equal(e.name, 'NotFound')
    assert.match(e.message, /^not found/)
    assert.deepEqual(e.report.closest.lines, { start: 3, end: 3 })
    assert.match(e.report.hint, /orderId|order/)
    assert.deepEqual(
      e.report.tiers.map((t) => t.tier),
      ['exact', 'normalized', 'structural'],
    )
    return true
  }
  assert.throws(() => doc.apply('const orderId = load(id);', 'const x = 1;'), check)
  await assert.rejects(doc.applyAsync('const orderId = load(id);', 'const x = 1;'), check)
})

test('ambiguous lists candidates; a line hint decides', async () => {
  const doc = new Document('a = 1\nb = 2\n\na = 1\nc = 3\n')
  await assert.rejects(doc.locateAsync('a = 1'), (e) => {
    assert.equal(e.code, 'ambiguous')
    assert.equal(e.name, 'Ambiguous')
    assert.deepEqual(e.report.candidates, [{ start: 1, end: 1 }, { start: 4, end: 4 }])
    return true
  })
  const result = doc.apply('a = 1', 'a = 9', { lineHint: 4 })
  assert.equal(result.content, 'a = 1\nb = 2\n\na = 9\nc = 3\n')
  assert.equal(result.hintDecided, true)
})

test('refused, already applied and bad input carry their codes', () => {
  const doc = new Document('def f():\n    return 1\n', { language: 'python' })
  assert.throws(() => doc.apply('return 1', 'return (1', { requireCleanParse: true }), (e) => {
    assert.equal(e.code, 'worse_parse')
    assert.equal(e.name, 'Refused')
    assert.deepEqual(e.report.lines, { start: 2, end: 2 })
    return true
  })
  assert.throws(() => doc.apply('return 0', 'return 1'), { code: 'already_applied', name: 'AlreadyApplied' })
  assert.throws(() => doc.apply('return 1', 'return 1'), { code: 'no_change', name: 'InputError', report: null })
  assert.throws(() => doc.locate(''), { code: 'empty_old' })
  assert.throws(() => doc.locate('return 1', { maxTier: 'fuzzy' }), { code: 'bad_arguments' })
  assert.throws(() => new Document('x', { language: 'cobol' }), { code: 'bad_arguments' })
  assert.throws(() => new Document('x\ny\n').locate('x\r\ny', { maxTier: 'exact' }), { code: 'not_found' })
})

test('applyFile writes safely; dry runs and failures leave the file alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'editloc-node-'))
  const path = join(dir, 'orders.ts')
  writeFileSync(path, BUFFER)
  const dry = applyFile(path, "return ship(order, 'slow')", "return ship(order, 'fast')", { dryRun: true })
  assert.equal(dry.written, false)
  assert.equal(dry.content, EXPECTED)
  assert.equal(readFileSync(path, 'utf8'), BUFFER)
  const done = await applyFileAsync(path, "return ship(order, 'slow')", "return ship(order, 'fast')")
  assert.equal(done.written, true)
  assert.equal(done.path, path)
  assert.equal(readFileSync(path, 'utf8'), EXPECTED)
  await assert.rejects(applyFileAsync(path, 'nothing like it', 'x'), { code: 'not_found' })
  assert.equal(readFileSync(path, 'utf8'), EXPECTED)
  assert.throws(() => applyFile(join(dir, 'missing.ts'), 'a', 'b'), { code: 'file_not_found', name: 'FileError' })
})

test('applyPatch: an apply_patch envelope lands, re-sending it is already applied', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'editloc-node-'))
  mkdirSync(join(dir, 'src'))
  const path = join(dir, 'src', 'orders.ts')
  writeFileSync(path, BUFFER)
  const patch =
    '*** Begin Patch\n*** Update File: src/orders.ts\n@@ export function processOrder(id: string) {\n' +
    '-  return ship(order, "slow");\n+  return ship(order, "fast");\n*** End Patch\n'
  const result = await applyPatchAsync(patch, { root: dir })
  assert.equal(result.status, 'applied')
  assert.equal(result.files[0].status, 'applied')
  assert.equal(result.files[0].staleView, false)
  assert.equal(readFileSync(path, 'utf8'), EXPECTED)
  assert.throws(() => applyPatch(patch, { root: dir }), (e) => {
    assert.equal(e.code, 'already_applied')
    assert.equal(e.report.status, 'refused')
    assert.equal(e.report.files[0].edits[0].code, 'already_applied')
    return true
  })
  assert.throws(() => applyPatch('*** Begin Patch\n*** Bogus\n', { root: dir }), { code: 'bad_patch' })
  assert.equal(readFileSync(path, 'utf8'), EXPECTED)
})

test('async calls run on the thread pool: the call returns before the work is done', async () => {
  const big = 'x = 1\n'.repeat(40000) + 'def f():\n    return 1\n'
  const old = 'def f():\n  return (1)'
  const t0 = performance.now()
  new Document(big, { language: 'python' }).locate(old)
  const sync = performance.now() - t0
  const t1 = performance.now()
  const pending = new Document(big, { language: 'python' }).locateAsync(old)
  const returned = performance.now() - t1
  const m = await pending
  assert.equal(m.tier, 'structural')
  assert.deepEqual(m.lines, { start: 40001, end: 40002 })
  // The synchronous call parses 40,000 lines on this thread; the async one only copies the
  // strings before returning.
  assert.ok(sync > 20, `sync locate took ${sync} ms`)
  assert.ok(returned < sync / 4, `locateAsync blocked for ${returned} ms (sync: ${sync} ms)`)
})

test('every grammar is built in', () => {
  assert.deepEqual(builtLanguages(), ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust'])  
})	

test("the README's Node example runs as written", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
  const section = readme.split('\n## Node\n')[1].split('\n## ')[0]
  const code = section.split('```js\n')[1].split('```')[0]
  const local = (name) => (name === 'editloc' ? editloc : require(name))
  new Function('require', 'assert', code)(local, assert)
})
