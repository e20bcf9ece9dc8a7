// Benign: ordinary validation of ./config/*.json files against a small hand-written schema
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

type Rule = { type: "string" | "number" | "boolean"; required?: boolean; min?: number; pattern?: RegExp };

const SCHEMA: Record<string, Rule> = {
  name: { type: "string", required: true, pattern: /^[a-z][a-z0-9-]*$/ },
  port: { type: "number", required: true, min: 1 },
  debug: { type: "boolean" },
  logLevel: { type: "string", pattern: /^(debug|info|warn|error)$/ },
};

function validate(doc: Record<string, unknown>): string[] {
  const errors: string[] = [];
  for (const [key, rule] of Object.entries(SCHEMA)) {
    const value = doc[key];
    if (value === undefined) {
      if (rule.required) errors.push(`${key}: required`);
      continue;
    }
    if (typeof value !== rule.type) {
      errors.push(`${key}: expected ${rule.type}, got ${typeof value}`);
      continue;
    }
    if (rule.min !== undefined && (value as number) < rule.min) errors.push(`${key}: must be >= ${rule.min}`);
    if (rule.pattern && !rule.pattern.test(String(value))) errors.push(`${key}: does not match ${rule.pattern}`);
  }
  for (const key of Object.keys(doc)) if (!(key in SCHEMA)) errors.push(`${key}: unknown key`);
  return errors;
}

let bad = 0;
for (const file of readdirSync("config").filter((f) => f.endsWith(".json"))) {
  const errors = validate(JSON.parse(readFileSync(join("config", file), "utf8")));
  console.log(`${errors.length ? "FAIL" : "ok  "} ${file}`);
  for (const e of errors) console.log(`     ${e}`);
  if (errors.length) bad++;
}
process.exit(bad ? 1 : 0);
