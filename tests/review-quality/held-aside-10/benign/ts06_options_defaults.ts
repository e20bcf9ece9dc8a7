// Benign: builds report options as Object.create(defaults) objects, overrides them from ./report.config.json, prints the effective options with for...in (inherited defaults included) and writes them to ./out/report-options.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

interface ReportOptions {
  title: string;
  currency: string;
  groupBy: "month" | "region" | "product";
  top: number;
  includeRefunds: boolean;
}

const defaults: ReportOptions = {
  title: "Sales report",
  currency: "EUR",
  groupBy: "month",
  top: 10,
  includeRefunds: false,
};

const overrides: Partial<ReportOptions> = existsSync("report.config.json")
  ? JSON.parse(readFileSync("report.config.json", "utf8"))
  : {};

const options: ReportOptions = Object.create(defaults);
for (const [key, value] of Object.entries(overrides)) {
  if (!(key in defaults)) {
    console.warn(`ignoring unknown option ${key}`);
    continue;
  }
  (options as unknown as Record<string, unknown>)[key] = value;
}

const effective: Record<string, unknown> = {};
for (const key in options) {
  const source = Object.hasOwn(options, key) ? "config" : "default";
  effective[key] = options[key as keyof ReportOptions];
  console.log(`${key.padEnd(16)} ${String(effective[key]).padEnd(16)} (${source})`);
}

mkdirSync("out", { recursive: true });
writeFileSync("out/report-options.json", JSON.stringify(effective, null, 2) + "\n");
