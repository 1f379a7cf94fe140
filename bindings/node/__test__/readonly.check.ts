// Compiled (not run) by .ci/run with `tsc --noEmit --strict`: the generated declarations
// type results as frozen all the way down. Each marked line must fail to compile.
import { Document } from '../index'

const result = new Document('a = 1\n').apply('a = 1', 'a = 2')
// @ts-expect-error a result's fields are readonly
result.content = 'x'
// @ts-expect-error so are a nested object's
result.lines.start = 3
// @ts-expect-error and an array's
result.textEdits.push(result.textEdits[0])
const start: number = result.range.start
void start
