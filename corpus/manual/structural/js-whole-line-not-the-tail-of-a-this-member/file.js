class Sender {
  constructor(opts) {
    this.size = opts.size;
  }
}
