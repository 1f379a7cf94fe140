const rec = (x) => { console.log(x); return rec }
function main() {
  rec('in')
  ;(function () { rec('iife') })()
  ;`zz`.split('').forEach((c) => rec('t' + c))
}
main()
