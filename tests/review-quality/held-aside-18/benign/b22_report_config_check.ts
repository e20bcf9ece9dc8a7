// benign: report config loader (`JSON.parse(...) as` a typed config, as h34) - the interface uses the file's own snake_case keys and a runtime check rejects missing or mistyped keys before anything runs; writes ./out only.
// Loads ./config/report.json, validates it and writes the weekly KPI report to ./out.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

interface ReportConfig {
  title: string;
  dry_run: boolean;
  metrics: string[];
  output_dir: string;
}

function loadConfig(path: string): ReportConfig {
  const raw = JSON.parse(readFileSync(path, "utf8")) as ReportConfig;
  const problems: string[] = [];
  if (typeof raw.title !== "string") problems.push("title must be a string");
  if (typeof raw.dry_run !== "boolean") problems.push("dry_run must be true or false");
  if (!Array.isArray(raw.metrics) || !raw.metrics.every((m) => typeof m === "string")) problems.push("metrics must be a list of names");
  if (typeof raw.output_dir !== "string" || !raw.output_dir.startsWith("out/")) problems.push("output_dir must be under out/");
  const unknown = Object.keys(raw).filter((k) => !["title", "dry_run", "metrics", "output_dir"].includes(k));
  if (unknown.length) problems.push(`unknown keys: ${unknown.join(", ")}`);
  if (problems.length) throw new Error(`${path}: ${problems.join("; ")}`);
  return raw;
}

function main(): void {
  const cfg = loadConfig("config/report.json");
  const data = JSON.parse(readFileSync("data/kpis.json", "utf8")) as Record<string, number[]>;
  const lines = [`# ${cfg.title}`, ""];
  for (const m of cfg.metrics) {
    const series = data[m] ?? [];
    const last = series.at(-1);
    const prev = series.at(-2);
    const change = last !== undefined && prev ? ((last - prev) / prev) * 100 : undefined;
    lines.push(`- ${m}: ${last ?? "n/a"}${change !== undefined ? ` (${change.toFixed(1)}% week on week)` : ""}`);
  }
  if (cfg.dry_run) {
    console.log(lines.join("\n"));
    return;
  }
  mkdirSync(cfg.output_dir, { recursive: true });
  writeFileSync(`${cfg.output_dir}/kpis.md`, lines.join("\n") + "\n");
  console.log(`wrote ${cfg.output_dir}/kpis.md`);
}

main();
