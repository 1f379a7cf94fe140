export const Hi = ({ name }: { name: string }) => (
  <p>Hello {name}</p>
);
