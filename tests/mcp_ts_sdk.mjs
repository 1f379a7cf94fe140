// The MCP server driven by a second real client, the official TypeScript SDK
// (@modelcontextprotocol/sdk), as the Python SDK drives it in the shared check: list the
// tools (each with an outputSchema and full annotations), land one edit on a CRLF + tab file
// (the whole file asserted), get one refusal (isError, code, the file untouched), and check
// every structuredContent against its tool's outputSchema with Ajv.
//
// Run by .ci/run from a folder where the SDK is installed:
//   EDITLOC_BIN=target/release/editloc node mcp_ts_sdk.mjs
// Prints one line per shortfall and a summary line; exits 1 on any shortfall.

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import Ajv from 'ajv'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const bin = process.env.EDITLOC_BIN ?? 'editloc'
const fails = []
const ajv = new Ajv({ strict: false, allErrors: true })
let validated = 0

const root = mkdtempSync(join(tmpdir(), 'editloc-mcp-ts-'))
const path = join(root, 'svc.ts')
const content =
  'export class S {\r\n\ttotal(xs: number[]): number {\r\n\t\tlet s = 0;\r\n' +
  '\t\tfor (const x of xs) {\r\n\t\t\ts += x;\r\n\t\t}\r\n\t\treturn s;\r\n\t}\r\n}\r\n'
writeFileSync(path, content)

const client = new Client({ name: 'editloc-ts-sdk-check', version: '1.0.0' })
const transport = new StdioClientTransport({ command: bin, args: ['mcp'], cwd: root, stderr: 'inherit' })

/** Checks `result.structuredContent` against the outputSchema of `tool`. */
function conforms(tool, result, what) {
  if (!tool?.outputSchema) return
  if (result.structuredContent === undefined) {
    fails.push(`${what}: no structuredContent although ${tool.name} declares an outputSchema`)
    return
  }
  const validate = ajv.compile(tool.outputSchema)
  validated++
  if (!validate(result.structuredContent)) {
    fails.push(`${what}: structuredContent does not conform: ${ajv.errorsText(validate.errors).slice(0, 300)}`)
  }
}

const text = (result) => (result.content ?? []).map((c) => c.text ?? '').join('\n')

try {
  await client.connect(transport)
  const { tools } = await client.listTools()
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]))
  for (const name of ['edit', 'multi_edit', 'apply_patch', 'check', 'read']) {
    const tool = byName[name]
    if (!tool) {
      fails.push(`tools: no \`${name}\` (have ${Object.keys(byName).sort().join(', ')})`)
      continue
    }
    if (!tool.description || !tool.inputSchema) fails.push(`tools: \`${name}\` lacks a description or inputSchema`)
    if (!tool.outputSchema) fails.push(`tools: \`${name}\` declares no outputSchema`)
    else ajv.compile(tool.outputSchema)
    const hints = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']
    const missing = hints.filter((h) => typeof tool.annotations?.[h] !== 'boolean')
    if (missing.length) fails.push(`tools: \`${name}\` lacks annotations ${missing.join(', ')}`)
  }

  // One edit, as a model sends it: spaces and LF for a CRLF + tab file.
  const landed = await client.callTool({
    name: 'edit',
    arguments: {
      file_path: path,
      old_string: '    for (const x of xs) {\n      s += x;\n    }',
      new_string: '    for (const x of xs) {\n      s += x * 2;\n    }',
    },
  })
  const want = content.replace('\t\t\ts += x;', '\t\t\ts += x * 2;')
  const got = readFileSync(path, 'utf8')
  if (landed.isError || got !== want) {
    fails.push(`edit: not landed exactly (isError=${landed.isError}): ${JSON.stringify(got)}; ${text(landed).slice(0, 200)}`)
  }
  conforms(byName.edit, landed, 'edit (applied)')

  // One refusal: `old` is nowhere in the file.
  const refused = await client.callTool({
    name: 'edit',
    arguments: { file_path: path, old_string: 'let sum = 0;', new_string: 'let sum = 1;' },
  })
  if (!refused.isError || !/not_found/.test(text(refused) + JSON.stringify(refused.structuredContent ?? {}))) {
    fails.push(`edit: a miss should be an error naming not_found: ${text(refused).slice(0, 200)}`)
  }
  if (readFileSync(path, 'utf8') !== want) fails.push('edit: a refused edit changed the file')
  conforms(byName.edit, refused, 'edit (refused)')

  // The read-only tools answer within their schemas too.
  const checked = await client.callTool({
    name: 'check',
    arguments: { file_path: path, old_string: 'return s;', new_string: 'return s + 1;' },
  })
  conforms(byName.check, checked, 'check')
  const read = await client.callTool({ name: 'read', arguments: { file_path: path } })
  conforms(byName.read, read, 'read')
  if (readFileSync(path, 'utf8') !== want) fails.push('check/read: a read-only tool changed the file')
} catch (error) {
  fails.push(`mcp: could not drive \`${bin} mcp\` with the TypeScript SDK: ${error?.message ?? error}`)
} finally {
  await client.close().catch(() => {})
}

for (const line of fails) console.log(line)
const summary = fails.length ? `${fails.length} shortfalls` : 'holds'
console.log(`mcp (TypeScript SDK): ${summary} (${validated} answers checked against their outputSchema)`)
process.exit(fails.length ? 1 : 0)
