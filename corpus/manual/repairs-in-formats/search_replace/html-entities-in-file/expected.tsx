export function Cmp() {
  return <p>use &lt;strong&gt; for bold</p>;
}
