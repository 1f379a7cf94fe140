export const defaults = {
  retries: 3,
  timeout: 1000,
  verbose: false,
};

export function makeClient(opts) {
  const config = {
    retries: 5,
    timeout: 1000,
    verbose: false,
  };
  return new Client({ ...config, ...opts });
}
