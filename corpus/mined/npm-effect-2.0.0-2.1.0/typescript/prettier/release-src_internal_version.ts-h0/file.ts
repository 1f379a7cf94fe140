export const moduleVersion = "2.0.0"
