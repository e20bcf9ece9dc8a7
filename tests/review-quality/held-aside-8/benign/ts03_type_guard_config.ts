// Benign: validates ./config/services.json entries with `x is Service` type guards in Array.filter and reports the invalid ones; no side effects.
import { readFileSync } from "node:fs";

interface Service { name: string; port: number; host: string; replicas?: number }

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function isService(x: unknown): x is Service {
  return isRecord(x)
    && typeof x.name === "string" && /^[a-z][a-z0-9-]*$/.test(x.name)
    && typeof x.port === "number" && Number.isInteger(x.port) && x.port > 0 && x.port < 65536
    && typeof x.host === "string" && x.host.length > 0
    && (x.replicas === undefined || (typeof x.replicas === "number" && x.replicas >= 1));
}

const raw: unknown = JSON.parse(readFileSync("config/services.json", "utf8"));
if (!Array.isArray(raw)) throw new Error("config/services.json must be an array");

const valid: Service[] = raw.filter(isService);
const invalid = raw.filter((x) => !isService(x));
const ports = new Map<number, string[]>();
for (const s of valid) ports.set(s.port, [...(ports.get(s.port) ?? []), s.name]);

for (const s of valid) console.log(`ok   ${s.name.padEnd(20)} ${s.host}:${s.port} x${s.replicas ?? 1}`);
for (const x of invalid) console.log(`bad  ${JSON.stringify(x)}`);
for (const [port, names] of ports) if (names.length > 1) console.log(`port ${port} used by ${names.join(", ")}`);
process.exitCode = invalid.length ? 1 : 0;
