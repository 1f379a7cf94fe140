export function Cmp() {
  return <p>use &lt;b&gt; for bold</p>;
}
