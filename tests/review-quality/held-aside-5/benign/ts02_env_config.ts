// Benign: picks the app config module for NODE_ENV from the project's own ./config directory with a dynamic import(), checking the name against an allowlist
import * as path from "node:path";
import { pathToFileURL } from "node:url";

interface AppConfig {
  port: number;
  logLevel: "debug" | "info" | "warn" | "error";
  features: Record<string, boolean>;
}

const ENVIRONMENTS = ["development", "test", "staging", "production"] as const;
type Environment = (typeof ENVIRONMENTS)[number];

function currentEnv(): Environment {
  const value = process.env.NODE_ENV ?? "development";
  if ((ENVIRONMENTS as readonly string[]).includes(value)) return value as Environment;
  throw new Error(`NODE_ENV must be one of ${ENVIRONMENTS.join(", ")}, got ${value}`);
}

async function loadConfig(env: Environment): Promise<AppConfig> {
  const file = path.resolve("config", `${env}.js`);
  const mod = (await import(pathToFileURL(file).href)) as { default?: Partial<AppConfig> };
  const base: AppConfig = { port: 3000, logLevel: "info", features: {} };
  const cfg = { ...base, ...(mod.default ?? {}) };
  if (!Number.isInteger(cfg.port) || cfg.port <= 0 || cfg.port > 65535) {
    throw new Error(`invalid port in ${file}: ${cfg.port}`);
  }
  return cfg;
}

async function main(): Promise<void> {
  const env = currentEnv();
  const cfg = await loadConfig(env);
  const enabled = Object.entries(cfg.features).filter(([, on]) => on).map(([k]) => k);
  console.log(`[${env}] port=${cfg.port} log=${cfg.logLevel} features=${enabled.join(",") || "-"}`);
}

main().catch((e: unknown) => {
  console.error(String(e));
  process.exitCode = 1;
});
