import { run } from "./run"

export function start(cfg) {
  const a = run(cfg)
  const b = a.value
  ;/^x/.test(b) && log(b)
  return b
}
