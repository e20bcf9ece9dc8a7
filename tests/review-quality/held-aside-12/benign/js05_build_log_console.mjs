// Benign: build timer that logs through a second Console bound to a write stream on ./logs/build.log (and to the terminal), while running the local tsc and eslint with fixed argv.
import { Console } from "node:console";
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";

mkdirSync("logs", { recursive: true });
const file = createWriteStream("logs/build.log", { flags: "a" });
const log = new Console({ stdout: file, stderr: file });

const steps = [
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "src", "--max-warnings=0"]],
  ["build", "npx", ["tsc", "-p", "tsconfig.build.json"]],
];

log.log(`--- build ${new Date().toISOString()}`);
let failed = 0;
for (const [name, cmd, args] of steps) {
  const started = performance.now();
  let status = "ok";
  try {
    execFileSync(cmd, args, { stdio: "inherit" });
  } catch {
    status = "FAILED";
    failed += 1;
  }
  const line = `${name.padEnd(10)} ${status.padEnd(7)} ${((performance.now() - started) / 1000).toFixed(1)}s`;
  log.log(line);
  console.log(line);
  if (failed) break;
}
file.end();
process.exitCode = failed ? 1 : 0;
