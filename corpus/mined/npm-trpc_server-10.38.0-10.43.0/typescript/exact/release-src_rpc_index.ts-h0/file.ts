export * from './codes';
export * from './envelopes';
