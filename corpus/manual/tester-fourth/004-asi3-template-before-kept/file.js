import { run } from "./run"

export function start(cfg) {
  const a = run(cfg)
  const b = a.value
  return b
}
