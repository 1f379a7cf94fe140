export * from "./codes"
export * from "./envelopes"
export * from "./parseTRPCMessage"
