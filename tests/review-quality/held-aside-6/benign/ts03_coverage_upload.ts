// Benign: uploads ./coverage/coverage-summary.json to the project's own API at https://api.example.org with COVERAGE_TOKEN from the CI environment
import { readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

interface Totals {
  lines: { pct: number };
  branches: { pct: number };
  functions: { pct: number };
}

const ENDPOINT = new URL("https://api.example.org/v1/coverage");

function gitSha(): string {
  return process.env.GITHUB_SHA ?? execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
}

async function main(): Promise<number> {
  const token = process.env.COVERAGE_TOKEN;
  if (!token) {
    console.log("COVERAGE_TOKEN not set; skipping upload");
    return 0;
  }
  const file = "coverage/coverage-summary.json";
  if (!existsSync(file)) {
    console.error(`${file} not found; run the tests with coverage first`);
    return 1;
  }
  const totals = (JSON.parse(readFileSync(file, "utf8")) as { total: Totals }).total;
  const body = {
    sha: gitSha(),
    branch: process.env.GITHUB_REF_NAME ?? "local",
    lines: totals.lines.pct,
    branches: totals.branches.pct,
    functions: totals.functions.pct,
  };
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  console.log(`coverage ${body.lines}% lines -> ${res.status}`);
  return res.ok ? 0 : 1;
}

main().then((code) => process.exit(code));
