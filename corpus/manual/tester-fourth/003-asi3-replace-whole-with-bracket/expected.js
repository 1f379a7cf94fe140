import { run } from "./run"

export function start(cfg) {
  const a = run(cfg)
  ;[a.x, a.y] = [1, 2]
  return b
}
