export const C = ({ a, b }: P) => {
  if (a < b) {
    return <p>a &lt; b</p>;
  }
  return null;
};
