export const moduleVersion = "2.1.0"
