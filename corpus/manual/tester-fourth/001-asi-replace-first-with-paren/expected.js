import { run } from "./run"

export function start(cfg) {
  const a = run(cfg)
  ;(a.value || a.fallback).use()
  return a
}
