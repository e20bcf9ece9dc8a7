// Benign: checks that every $npm_package_config_* variable used in package.json scripts has a matching entry in the "config" object and that config.port is a valid port; read-only, prints problems.
import { readFileSync } from "node:fs";

interface PackageJson {
  name: string;
  scripts?: Record<string, string>;
  config?: Record<string, unknown>;
}

const pkg: PackageJson = JSON.parse(readFileSync("package.json", "utf8"));
const config = pkg.config ?? {};
const problems: string[] = [];
const used = new Set<string>();

for (const [script, cmd] of Object.entries(pkg.scripts ?? {})) {
  for (const m of cmd.matchAll(/\$\{?npm_package_config_(\w+)\}?/g)) {
    used.add(m[1]);
    if (!(m[1] in config)) problems.push(`script "${script}" uses config.${m[1]}, which is not defined`);
  }
}

for (const key of Object.keys(config)) {
  if (!used.has(key)) problems.push(`config.${key} is never used by a script`);
}

if ("port" in config) {
  const port = Number(config.port);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    problems.push(`config.port must be an integer between 1024 and 65535 (got ${String(config.port)})`);
  }
}

console.log(`${pkg.name}: ${Object.keys(config).length} config keys, ${used.size} used by scripts`);
for (const p of problems) console.log(`  - ${p}`);
process.exitCode = problems.length ? 1 : 0;
