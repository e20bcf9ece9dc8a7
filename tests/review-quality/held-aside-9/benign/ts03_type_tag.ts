// Benign: small schema validator for ./config/features.json whose value classes define a `Symbol.toStringTag` getter so `Object.prototype.toString.call` gives readable type names in errors.
import { readFileSync } from "node:fs";

class Percentage {
  constructor(readonly value: number) {}
  get [Symbol.toStringTag](): string {
    return "Percentage";
  }
  static parse(v: unknown): Percentage {
    if (typeof v !== "number" || v < 0 || v > 100) throw new TypeError(`expected 0-100, got ${typeName(v)} ${JSON.stringify(v)}`);
    return new Percentage(v);
  }
}

class FlagName {
  constructor(readonly value: string) {}
  get [Symbol.toStringTag](): string {
    return "FlagName";
  }
  static parse(v: unknown): FlagName {
    if (typeof v !== "string" || !/^[a-z][a-z0-9-]{2,40}$/.test(v)) throw new TypeError(`bad flag name ${typeName(v)} ${JSON.stringify(v)}`);
    return new FlagName(v);
  }
}

function typeName(v: unknown): string {
  return Object.prototype.toString.call(v).slice(8, -1);
}

interface Feature { name: FlagName; rollout: Percentage; owners: string[] }

const file = process.argv[2] ?? "config/features.json";
const raw = JSON.parse(readFileSync(file, "utf8")) as Array<Record<string, unknown>>;
const features: Feature[] = [];
let errors = 0;
raw.forEach((entry, i) => {
  try {
    const owners = entry.owners;
    if (!Array.isArray(owners) || !owners.every((o) => typeof o === "string")) throw new TypeError(`owners must be string[], got ${typeName(owners)}`);
    features.push({ name: FlagName.parse(entry.name), rollout: Percentage.parse(entry.rollout), owners });
  } catch (e) {
    errors++;
    console.log(`${file}[${i}]: ${(e as Error).message}`);
  }
});
for (const f of features) console.log(`${typeName(f.name)} ${f.name.value.padEnd(24)} ${typeName(f.rollout)} ${f.rollout.value}%  ${f.owners.join(", ")}`);
process.exitCode = errors ? 1 : 0;
