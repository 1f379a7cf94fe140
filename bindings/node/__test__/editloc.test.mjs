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
  // The shape `editloc apply --patch --json` prints (camelCased).
  assert.equal(result.dryRun, false)
  assert.equal(result.written, true)
  assert.deepEqual({ ...result.files[0].editCounts }, { applied: 1 })
  assert.equal(result.files[0].edits[0].status, 'applied')
  assert.equal(result.files[0].message, undefined)
  assert.equal(readFileSync(path, 'utf8'), EXPECTED)
  assert.throws(() => applyPatch(patch, { root: dir }), (e) => {
    assert.equal(e.code, 'already_applied')
    assert.equal(e.report.status, 'refused')
    assert.equal(e.report.code, 'already_applied')
    assert.equal(e.report.written, false)
    assert.equal(e.report.files[0].edits[0].code, 'already_applied')
    assert.deepEqual({ ...e.report.files[0].editCounts }, { already_applied: 1 })
    return true
  })
  assert.throws(() => applyPatch('*** Begin Patch\n*** Bogus\n', { root: dir }), { code: 'bad_patch' })
  assert.equal(readFileSync(path, 'utf8'), EXPECTED)
})

test('async calls run on a thread of their own: the call returns before the work is done', async () => {
  const big = 'x = 1\n'.repeat(40000) + 'def f():\n    return 1\n'
  // Found nowhere: the structural tier parses the whole file and the report searches it for
  // the closest candidate (a found `old` is only parsed in windows around its rare tokens).
  const old = 'def g():\n  return (2)'
  const t0 = performance.now()
  assert.throws(() => new Document(big, { language: 'python' }).locate(old), { code: 'not_found' })
  const sync = performance.now() - t0
  const t1 = performance.now()
  const pending = new Document(big, { language: 'python' }).locateAsync(old)
  const returned = performance.now() - t1
  await assert.rejects(pending, { code: 'not_found' })
  // The synchronous call parses 40,000 lines on this thread; the async one only copies the
  // strings before returning.
  assert.ok(sync > 20, `sync locate took ${sync} ms`)
  assert.ok(returned < sync / 4, `locateAsync blocked for ${returned} ms (sync: ${sync} ms)`)
})

test('a lone surrogate is bad_arguments, never rewritten to U+FFFD', async () => {
  const bad = { code: 'bad_arguments', name: 'InputError' }
  // It turned `a='\uD800'` into `a='\uFFFD'` on a line the edit never touched.
  assert.throws(() => new Document("a='\uD800'\nb=1\n"), bad)
  const doc = new Document("a='x'\nb=1\n")
  assert.throws(() => doc.apply('b=1', 'b=\uDC00'), bad)
  assert.throws(() => doc.locate('\uD800b=1'), bad)
  await assert.rejects(doc.applyAsync('b=1', 'b=\uD83D'), bad)
  const dir = mkdtempSync(join(tmpdir(), 'editloc-node-'))
  const path = join(dir, 'a.py')
  writeFileSync(path, "a='x'\nb=1\n")
  assert.throws(() => applyFile(path, 'b=1', "b='\uD800'"), bad)
  await assert.rejects(applyFileAsync(path, 'b=1', "b='\uD800'"), bad)
  assert.throws(() => applyPatch('[{"file_path": "a.py", "old_string": "b=1", "new_string": "b=\uD800"}]', { root: dir }), bad)
  assert.throws(() => applyPatch('[{"file_path": "a.py", "old_string": "b=1", "new_string": "b=2"}]', { root: dir + '\uD800' }), bad)
  assert.equal(readFileSync(path, 'utf8'), "a='x'\nb=1\n")
  // A NUL byte is refused as well (it would make the file binary).
  assert.throws(() => doc.apply('b=1', 'b=\u0000'), { code: 'binary_new', name: 'InputError' })
  // A real U+FFFD and a surrogate pair are text like any other.
  const text = "a='\uFFFD'\ns='😀'\nb=1\n"
  assert.equal(new Document(text).apply('b=1', 'b=2').content, "a='\uFFFD'\ns='😀'\nb=2\n")
  assert.equal(new Document(text).apply("s='😀'", "s='🚀'").content, "a='\uFFFD'\ns='🚀'\nb=1\n")
})

test('a line hint is a whole number from 1, never wrapped or truncated', async () => {
  const file = 'a = 1\n' + 'x = 0\n'.repeat(300) + 'a = 1\n'
  const doc = new Document(file)
  const bad = { code: 'bad_arguments', name: 'InputError' }
  for (const lineHint of [NaN, 302.9, -1, 0, Infinity]) {
    assert.throws(() => doc.apply('a = 1', 'a = 2', { lineHint }), bad, `lineHint ${lineHint}`)
    await assert.rejects(doc.applyAsync('a = 1', 'a = 2', { lineHint }), bad)
  }
  // 2**32 + 302 is a line far past the end: it decides nothing (it wrapped to 302).
  assert.throws(() => doc.apply('a = 1', 'a = 2', { lineHint: 2 ** 32 + 302 }), { code: 'ambiguous' })
  const landed = doc.apply('a = 1', 'a = 2', { lineHint: 302 })
  assert.equal(landed.content, 'a = 1\n' + 'x = 0\n'.repeat(300) + 'a = 2\n')
  assert.equal(landed.hintDecided, true)
  const dir = mkdtempSync(join(tmpdir(), 'editloc-node-'))
  const path = join(dir, 'a.py')
  writeFileSync(path, file)
  assert.throws(() => applyFile(path, 'a = 1', 'a = 2', { lineHint: NaN }), bad)
  assert.throws(() => applyPatch('[{"file_path": "a.py", "old_string": "a = 1", "new_string": "a = 2"}]', { root: dir, lineHint: -1 }), bad)
  assert.equal(readFileSync(path, 'utf8'), file)
})

test('every grammar is built in', () => {
  assert.deepEqual(builtLanguages(), ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust'])
})

for (const page of ['README.md', 'docs/src/bindings.md']) {
  test(`the Node examples of ${page} run as written`, () => {
    const text = readFileSync(new URL(`../../../${page}`, import.meta.url), 'utf8')
    const section = text.split('\n## Node\n')[1].split('\n## ')[0]
    const blocks = section.split('```js\n').slice(1).map((block) => block.split('```')[0])
    assert.ok(blocks.length > 0, `${page} has no Node example under \`## Node\``)
    const local = (name) => (name === 'editloc' ? editloc : require(name))
    for (const code of blocks) {
      new Function('require', 'assert', code)(local, assert)
    }
  })
}
