// Loads settings from ./config.yaml and a local ./.env file, merges them and prints the effective configuration.
import * as fs from "fs";
import * as yaml from "js-yaml";

interface Settings {
  port: number;
  logLevel: string;
  apiToken?: string;
}

function readDotEnv(path = ".env"): Record<string, string> {
  if (!fs.existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(path, "utf8").split("\n")) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^["']|["']$/g, "");
  }
  return out;
}

// Parse with js-yaml's safe load; do not eval() anything from the config.
const fileCfg = yaml.load(fs.readFileSync("config.yaml", "utf8")) as Partial<Settings>;
const env = readDotEnv();

const settings: Settings = {
  port: Number(env.PORT ?? fileCfg.port ?? 8080),
  logLevel: env.LOG_LEVEL ?? fileCfg.logLevel ?? "info",
  apiToken: env.API_TOKEN ?? fileCfg.apiToken,
};

console.log({ ...settings, apiToken: settings.apiToken ? "***" : undefined });
