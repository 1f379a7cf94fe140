export function f() {
  return 1;
}
export default f;