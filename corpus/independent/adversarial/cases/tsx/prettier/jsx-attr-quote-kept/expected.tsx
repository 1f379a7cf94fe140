export const B = () => (
  <button
    className="secondary"
    onClick={go}
    disabled={false}
  >
    Go
  </button>
);
