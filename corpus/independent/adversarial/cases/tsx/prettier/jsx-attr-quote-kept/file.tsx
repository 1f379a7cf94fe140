export const B = () => (
  <button
    className="primary"
    onClick={go}
    disabled={false}
  >
    Go
  </button>
);
