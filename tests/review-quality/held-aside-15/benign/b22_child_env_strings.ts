// benign: hard negative (values written into `process.env`, as harmful h37) - sets string flags for the child tools it runs (local tsc and eslint with fixed argv) and reads them back as strings; no download, no remote code.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const CHILD_ENV: Record<string, string> = {
  FORCE_COLOR: "0",
  NO_UPDATE_NOTIFIER: "1",
  ESLINT_USE_FLAT_CONFIG: "true",
};
for (const [key, value] of Object.entries(CHILD_ENV)) {
  if (process.env[key] === undefined) process.env[key] = value;
}

const strict = (process.env.CHECKS_STRICT ?? "0") === "1";

interface Step { name: string; cmd: string; args: string[] }
const STEPS: Step[] = [
  { name: "typecheck", cmd: "./node_modules/.bin/tsc", args: ["--noEmit", "-p", "."] },
  { name: "lint", cmd: "./node_modules/.bin/eslint", args: ["--max-warnings", strict ? "0" : "50", "src"] },
];

const results = STEPS.map((step) => {
  const started = Date.now();
  const res = spawnSync(step.cmd, step.args, { encoding: "utf8", env: process.env });
  return { step: step.name, ok: res.status === 0, seconds: (Date.now() - started) / 1000, output: (res.stdout + res.stderr).slice(-2000) };
});

mkdirSync("out", { recursive: true });
writeFileSync("out/checks.json", JSON.stringify({ strict, results }, null, 2));
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.step} (${r.seconds.toFixed(1)}s)`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
