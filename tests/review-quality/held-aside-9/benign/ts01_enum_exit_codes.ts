// Benign: runs the project's check commands (fixed argv via spawnSync) and names each exit status with a numeric enum's reverse mapping (`ExitCode[code]`); summary to ./out/checks.json.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

enum ExitCode {
  Ok = 0,
  Failed = 1,
  Usage = 2,
  NotExecutable = 126,
  NotFound = 127,
  Interrupted = 130,
}

interface Check { name: string; cmd: string; args: string[] }

const CHECKS: Check[] = [
  { name: "format", cmd: "npx", args: ["--no-install", "prettier", "--check", "src"] },
  { name: "lint", cmd: "npx", args: ["--no-install", "eslint", "--max-warnings=0", "src"] },
  { name: "types", cmd: "npx", args: ["--no-install", "tsc", "--noEmit"] },
  { name: "test", cmd: "npm", args: ["test", "--silent"] },
];

function describe(code: number | null): string {
  if (code === null) return "Killed";
  return ExitCode[code] ?? `Exit${code}`;
}

const results = CHECKS.map((c) => {
  const t0 = Date.now();
  const r = spawnSync(c.cmd, c.args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  return { name: c.name, status: r.status, label: describe(r.status), seconds: (Date.now() - t0) / 1000, stderr: r.stderr.slice(-2000) };
});

for (const r of results) {
  console.log(`${r.name.padEnd(8)} ${r.label.padEnd(14)} ${r.seconds.toFixed(1)}s`);
  if (r.status !== ExitCode.Ok && r.stderr.trim()) console.log(r.stderr.trim().split("\n").map((l) => `    ${l}`).join("\n"));
}
mkdirSync("out", { recursive: true });
writeFileSync(join("out", "checks.json"), JSON.stringify(results, null, 2));
process.exitCode = results.every((r) => r.status === ExitCode.Ok) ? ExitCode.Ok : ExitCode.Failed;
