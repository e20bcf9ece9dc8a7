// Benign: validates ./deploy/config.json with a custom ConfigError class whose constructor only records the offending key and name; invalid settings are printed and the exit code set.
import { existsSync, readFileSync } from "node:fs";

class ConfigError extends Error {
  constructor(message: string, readonly key?: string) {
    super(key ? `${key}: ${message}` : message);
    this.name = "ConfigError";
  }
}

interface DeployConfig { cluster: string; namespace: string; replicas: number; image: string }

const IMAGE_RE = /^[a-z0-9./-]+(:[\w.-]+)?(@sha256:[a-f0-9]{64})?$/;

function validate(raw: unknown): DeployConfig {
  if (typeof raw !== "object" || raw === null) throw new ConfigError("config must be an object");
  const cfg = raw as Partial<DeployConfig>;
  for (const key of ["cluster", "namespace", "image"] as const) {
    if (typeof cfg[key] !== "string" || cfg[key] === "") throw new ConfigError("is required", key);
  }
  if (!IMAGE_RE.test(cfg.image!)) throw new ConfigError(`not an image reference: ${cfg.image}`, "image");
  if (!Number.isInteger(cfg.replicas) || cfg.replicas! < 1 || cfg.replicas! > 50) {
    throw new ConfigError("must be an integer between 1 and 50", "replicas");
  }
  return cfg as DeployConfig;
}

const file = process.argv[2] ?? "deploy/config.json";
try {
  if (!existsSync(file)) throw new ConfigError(`${file} not found`);
  const cfg = validate(JSON.parse(readFileSync(file, "utf8")));
  console.log(`ok: ${cfg.image} x${cfg.replicas} -> ${cfg.cluster}/${cfg.namespace}`);
} catch (err) {
  if (err instanceof ConfigError || err instanceof SyntaxError) {
    console.error(`${file}: ${err.message}`);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
