const rec = (x) => { console.log(x); return rec }
function main() {
  rec('in')
  ;(function () { rec('iife') })()
}
main()
