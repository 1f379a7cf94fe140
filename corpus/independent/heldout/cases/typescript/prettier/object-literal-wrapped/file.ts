import { readFileSync } from "node:fs";
import path from "node:path";

interface CliArgs {
  config: string;
  verbose: boolean;
  dryRun: boolean;
  files: string[];
}

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = {
    config: "sync.json",
    verbose: false,
    dryRun: false,
    files: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--config" || arg === "-c") {
      args.config = argv[++i];
    } else if (arg === "--verbose" || arg === "-v") {
      args.verbose = true;
    } else if (arg === "--dry-run") {
      args.dryRun = true;
    } else if (arg.startsWith("-")) {
      throw new Error(`unknown flag: ${arg}`);
    } else {
      args.files.push(path.resolve(arg));
    }
  }
  return args;
}

export function loadConfig(file: string): Record<string, unknown> {
  const raw = readFileSync(file, "utf8");
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new Error(`invalid config ${file}: ${(err as Error).message}`);
  }
}
