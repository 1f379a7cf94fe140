export function start(cfg: Cfg) {
  const a = run(cfg)
  ;[a.x] = [1]
  return a.x
}
