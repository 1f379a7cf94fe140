// The Node bindings as a library user expects them: async calls that an AbortSignal stops
// and that leave libuv's pool alone, arguments of the wrong shape refused with editloc's own
// code, results frozen and plain data all the way down, warm chaining. Whole resulting texts
// asserted; files left untouched where nothing may be written.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { getEventListeners } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { Document, applyFile, applyFileAsync, applyPatch, applyPatchAsync } = require('../index.js')

const BAD = { code: 'bad_arguments', name: 'InputError' }

/** Python functions; `old` resembles them and is found nowhere. */
const functions = (n) =>
  Array.from({ length: n }, (_, i) => `def f${i}(a, b):\n    x = a + b * ${i}\n    return x\n\n`).join('')
const MISS = Array.from({ length: 300 }, (_, i) => `def g${i}(q):\n    y = q - ${i}\n    return y + 1\n`).join('')

/** A file whose miss takes about `seconds` (measured on a small one: the cost grows with the
 *  file). */
function slowMissText(seconds) {
  const small = 2000
  const t0 = performance.now()
  assert.throws(() => new Document(functions(small), { language: 'python' }).apply(MISS, 'pass\n'), {
    code: 'not_found',
  })
  const took = Math.max(performance.now() - t0, 1) / 1000
  return functions(Math.min(Math.round((small * seconds) / took), 400_000))
}

const isAbort = (e) => {
  assert.equal(e.name, 'AbortError')
  assert.equal(e.code, 'ABORT_ERR')
  assert.ok(e instanceof Error)
  return true
}

test('an AbortSignal rejects a long applyAsync at once, and applyFileAsync leaves the file untouched', async () => {
  const text = slowMissText(3)
  const doc = new Document(text, { language: 'python' })
  const controller = new AbortController()
  const pending = doc.applyAsync(MISS, 'pass\n', { signal: controller.signal })
  await new Promise((resolve) => setTimeout(resolve, 200))
  const aborted = performance.now()
  controller.abort()
  await assert.rejects(pending, isAbort)
  const took = performance.now() - aborted
  assert.ok(took < 100, `rejected ${took.toFixed(0)} ms after abort()`)
  assert.equal(getEventListeners(controller.signal, 'abort').length, 0)

  const dir = mkdtempSync(join(tmpdir(), 'editloc-node-'))
  const path = join(dir, 'big.py')
  writeFileSync(path, text)
  const fileController = new AbortController()
  const filePending = applyFileAsync(path, MISS, 'pass\n', { signal: fileController.signal })
  setTimeout(() => fileController.abort(new Error('user gave up')), 200)
  await assert.rejects(filePending, (e) => isAbort(e) && e.cause.message === 'user gave up')
  assert.equal(readFileSync(path, 'utf8'), text)
})

test('a signal aborted already rejects without work; a signal that never fires keeps no listener', async () => {
  const doc = new Document('a = 1\nb = 2\n')
  await assert.rejects(doc.applyAsync('b = 2', 'b = 3', { signal: AbortSignal.abort() }), isAbort)
  const dir = mkdtempSync(join(tmpdir(), 'editloc-node-'))
  const path = join(dir, 'a.py')
  writeFileSync(path, 'a = 1\nb = 2\n')
  await assert.rejects(applyFileAsync(path, 'b = 2', 'b = 3', { signal: AbortSignal.abort() }), isAbort)
  assert.equal(readFileSync(path, 'utf8'), 'a = 1\nb = 2\n')
  // One signal for a whole session: each settled call removes its listener.
  const session = new AbortController()
  for (let i = 0; i < 20; i++) {
    const result = await doc.applyAsync('b = 2', `b = ${i + 3}`, { signal: session.signal })
    assert.equal(result.content, `a = 1\nb = ${i + 3}\n`)
  }
  await assert.rejects(doc.locateAsync('zzz', { signal: session.signal }), { code: 'not_found' })
  const written = await applyFileAsync(path, 'b = 2', 'b = 3', { signal: session.signal })
  assert.equal(written.written, true)
  assert.equal(readFileSync(path, 'utf8'), 'a = 1\nb = 3\n')
  const patched = await applyPatchAsync('[{"file_path": "a.py", "old_string": "b = 3", "new_string": "b = 4"}]', {
    root: dir,
    signal: session.signal,
  })
  assert.equal(patched.status, 'applied')
  assert.equal(readFileSync(path, 'utf8'), 'a = 1\nb = 4\n')
  assert.equal(getEventListeners(session.signal, 'abort').length, 0)
})

test('eight slow applyAsync calls leave libuv pool free: fs.promises.readFile answers at once', async () => {
  const text = slowMissText(1)
  const doc = new Document(text, { language: 'python' })
  const dir = mkdtempSync(join(tmpdir(), 'editloc-node-'))
  const small = join(dir, 'small.txt')
  writeFileSync(small, 'hello\n')
  let settled = 0
  const calls = Array.from({ length: 8 }, () =>
    assert.rejects(doc.applyAsync(MISS, 'pass\n'), { code: 'not_found' }).then(() => settled++),
  )
  const t0 = performance.now()
  assert.equal(await readFile(small, 'utf8'), 'hello\n')
  const took = performance.now() - t0
  assert.equal(settled, 0, 'the slow calls ended before the read: they were not slow enough to test')
  // On libuv's four threads the read waited for a slow call to end: at least one call's
  // whole time (1 s alone, about 4 s when eight share two cores). On threads of their own
  // the calls only share the CPU with it.
  console.log(`readFile behind eight slow applyAsync calls: ${took.toFixed(0)} ms`)
  assert.ok(took < 1500, `readFile took ${took.toFixed(0)} ms behind eight slow edits`)
  await Promise.all(calls)
  assert.equal(settled, 8)
})

test('options of the wrong shape and arguments of the wrong type are bad_arguments', async () => {
  const doc = new Document('def f():\n    return 1\n', { language: 'python' })
  const refused = (call, message) => assert.throws(call, (e) => {
    assert.equal(e.code, 'bad_arguments')
    assert.equal(e.name, 'InputError')
    assert.match(e.message, message)
    return true
  })
  refused(() => doc.apply('return 1', 'return 2', 'exact'), /options of apply\(\) must be an object.*not a string \("exact"\)/)
  refused(() => doc.apply('return 1', 'return 2', { max_tier: 'exact' }), /no option `max_tier` \(did you mean `maxTier`\?\)/)
  refused(() => doc.apply('return 1', 'return 2', { maxTier: 3 }), /`maxTier` must be a string, not a number \(3\)/)
  refused(() => doc.apply('return 1', 'return 2', { repairs: 'no' }), /`repairs` must be true or false/)
  refused(() => doc.apply('return 1', 'return 2', { lineHint: '2' }), /`lineHint` must be a number/)
  refused(() => doc.apply('return 1', 'return 2', ['exact']), /not an array/)
  const circular = { maxTier: 'exact' }
  circular.self = circular
  refused(() => doc.apply('return 1', 'return 2', circular), /no option `self`/)
  refused(() => doc.apply(42, 'return 2'), /`old` must be a string, not a number \(42\)/)
  refused(() => doc.apply('return 1'), /`new` must be a string, not undefined/)
  refused(() => doc.locate({ old: 'x' }), /`old` must be a string, not an object/)
  refused(() => new Document(Buffer.from('x')), /`text` must be a string/)
  refused(() => new Document('x', { lang: 'python' }), /no option `lang`/)
  refused(() => doc.apply('return 1', 'return 2', { signal: new AbortController().signal }), /no option `signal`/)
  refused(() => applyFile('/nonexistent/a.py', 'a', 'b', { dry_run: true }), /did you mean `dryRun`/)
  refused(() => applyPatch('[]', '/tmp'), /options of applyPatch\(\) must be an object/)
  refused(() => applyPatch('[]', { root: 7 }), /`root` must be a string/)
  // The Promise forms reject (never throw) with the same code.
  await assert.rejects(doc.applyAsync('return 1', 'return 2', { maxTier: 'exact', signal: 'no' }), BAD)
  await assert.rejects(doc.applyAsync('return 1', 'return 2', 'exact'), BAD)
  await assert.rejects(doc.locateAsync(null), BAD)
  await assert.rejects(applyFileAsync('/nonexistent/a.py', 'a', 'b', { maxtier: 'exact' }), BAD)
  await assert.rejects(applyPatchAsync('[]', { root: '.', partial: 1 }), BAD)
  // Absent options, undefined and null are no options; undefined values are absent.
  for (const options of [undefined, null, {}, { maxTier: undefined }]) {
    assert.equal(doc.apply('return 1', 'return 2', options).content, 'def f():\n    return 2\n')
  }
})

test('results and reports are frozen all the way down and JSON-serialisable', async () => {
  const doc = new Document('def f():\n    return 1\n', { language: 'python' })
  const frozenThroughout = (value) => {
    if (value === null || typeof value !== 'object') return
    assert.ok(Object.isFrozen(value), JSON.stringify(value).slice(0, 80))
    Object.values(value).forEach(frozenThroughout)
  }
  for (const result of [doc.apply('return 1', 'return 2'), await doc.applyAsync('return 1', 'return 2')]) {
    assert.equal(result.content, 'def f():\n    return 2\n')
    frozenThroughout(result)
    assert.throws(() => { result.content = 'x' }, TypeError)
    assert.throws(() => { result.lines.start = 9 }, TypeError)
    assert.throws(() => result.textEdits.push({}), TypeError)
    assert.throws(() => { result.textEdits[0].range.start.line = 9 }, TypeError)
    assert.equal(result.content, 'def f():\n    return 2\n')
    assert.deepEqual(JSON.parse(JSON.stringify(result)), structuredClone(result))
    assert.equal(JSON.parse(JSON.stringify(result)).content, 'def f():\n    return 2\n')
  }
  assert.throws(() => doc.apply('def g():', 'def h():'), (e) => {
    assert.equal(e.code, 'not_found')
    frozenThroughout(e.report)
    assert.deepEqual(JSON.parse(JSON.stringify(e.report)), structuredClone(e.report))
    return true
  })
})

test('warm chaining: edited() is the next version, with name and language', () => {
  const text = 'def f():\n    return 1\n\n\ndef g():\n    return 2\n'
  const doc = new Document(text, { name: 'm.py' })
  assert.equal(doc.parseSyntax(), true)
  const first = doc.apply('return 1', 'return 10')
  const next = doc.edited(first.content)
  assert.deepEqual([next.name, next.language, next.content], ['m.py', 'python', first.content])
  const second = next.apply('def g():\n  return 2', 'def g():\n  return 20')
  assert.equal(second.content, 'def f():\n    return 10\n\n\ndef g():\n    return 20\n')
  const fresh = new Document(first.content, { name: 'm.py' }).apply('def g():\n  return 2', 'def g():\n  return 20')
  assert.deepEqual(second, fresh)
  assert.equal(doc.content, text)
  assert.throws(() => doc.edited(3), BAD)
})
