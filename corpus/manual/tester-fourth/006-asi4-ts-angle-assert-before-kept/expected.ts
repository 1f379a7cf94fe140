export function start(cfg: Cfg) {
  const a = run(cfg)
  const b = a.value
  ;<any>window
  return b
}
