const rec = (x) => { console.log(x); return rec }
function main() {
  rec('in')
  ;(function () { rec('iife') })()
  ;[1].forEach(rec)
}
main()
