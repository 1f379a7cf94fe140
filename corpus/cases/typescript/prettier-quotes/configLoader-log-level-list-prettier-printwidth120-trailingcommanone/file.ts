import { readFileSync, existsSync } from "fs";
import * as path from "path";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface DatabaseConfig {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  poolSize: number;
}

export interface AppConfig {
  env: string;
  port: number;
  logLevel: LogLevel;
  database: DatabaseConfig;
  features: Record<string, boolean>;
  allowedOrigins: string[];
}

const DEFAULTS: AppConfig = {
  env: "development",
  port: 8080,
  logLevel: "info",
  database: { host: "localhost", port: 5432, user: "app", password: "", database: "app_dev", poolSize: 10 },
  features: {},
  allowedOrigins: ["http://localhost:3000"]
};

export class ConfigError extends Error {
  constructor(
    message: string,
    public readonly key?: string
  ) {
    super(message);
    this.name = "ConfigError";
  }
}

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) {
    return fallback;
  }
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

function parseInteger(value: string | undefined, fallback: number, key: string): number {
  if (value === undefined || value === "") {
    return fallback;
  }
  const parsed = Number.parseInt(value, 10);
  if (Number.isNaN(parsed)) {
    throw new ConfigError(`Expected an integer for ${key}, got "${value}"`, key);
  }
  return parsed;
}

function parseLogLevel(value: string | undefined): LogLevel {
  const levels: LogLevel[] = ["debug", "info", "warn", "error"];
  if (value && levels.includes(value as LogLevel)) {
    return value as LogLevel;
  }
  return DEFAULTS.logLevel;
}

export function loadConfigFile(configDir: string, env: string): Partial<AppConfig> {
  const file = path.join(configDir, `${env}.json`);
  if (!existsSync(file)) {
    return {};
  }
  const raw = readFileSync(file, "utf8");
  try {
    return JSON.parse(raw) as Partial<AppConfig>;
  } catch (err) {
    throw new ConfigError(`Could not parse ${file}: ${(err as Error).message}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, configDir: string = "./config"): AppConfig {
  const name = env.APP_ENV ?? DEFAULTS.env;
  const fromFile = loadConfigFile(configDir, name);
  const database: DatabaseConfig = {
    ...DEFAULTS.database,
    ...(fromFile.database ?? {}),
    host: env.DB_HOST ?? fromFile.database?.host ?? DEFAULTS.database.host,
    port: parseInteger(env.DB_PORT, fromFile.database?.port ?? DEFAULTS.database.port, "DB_PORT"),
    password: env.DB_PASSWORD ?? ""
  };
  const features: Record<string, boolean> = { ...DEFAULTS.features, ...(fromFile.features ?? {}) };
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith("FEATURE_")) {
      features[key.slice(8).toLowerCase()] = parseBoolean(value, false);
    }
  }
  const origins = env.ALLOWED_ORIGINS
    ? env.ALLOWED_ORIGINS.split(",")
        .map((o) => o.trim())
        .filter((o) => o.length > 0)
    : (fromFile.allowedOrigins ?? DEFAULTS.allowedOrigins);
  return {
    env: name,
    port: parseInteger(env.PORT, fromFile.port ?? DEFAULTS.port, "PORT"),
    logLevel: parseLogLevel(env.LOG_LEVEL ?? fromFile.logLevel),
    database: database,
    features: features,
    allowedOrigins: origins
  };
}

export function validateConfig(config: AppConfig): string[] {
  const problems: string[] = [];
  if (config.port < 1 || config.port > 65535) {
    problems.push("port out of range");
  }
  if (config.env === "production" && config.database.password === "") {
    problems.push("database password is required in production");
  }
  if (config.database.poolSize > 50) {
    problems.push("database pool size is too large");
  }
  return problems;
}
