// Benign: removes ./dist and ./.turbo inside the repo (after a package.json check) and runs the project's local tsc with fixed argv.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve, sep } from "node:path";

const root = process.cwd();
if (!existsSync(resolve(root, "package.json"))) {
  console.error("run from the package root");
  process.exit(2);
}

for (const dir of ["dist", ".turbo", "tsconfig.tsbuildinfo"]) {
  const target = resolve(root, dir);
  if (!target.startsWith(root + sep)) throw new Error(`refusing to remove ${target}`);
  if (existsSync(target)) {
    rmSync(target, { recursive: true, force: true });
    console.log(`removed ${dir}`);
  }
}

const tsc = resolve(root, "node_modules", ".bin", "tsc");
if (!existsSync(tsc)) {
  console.error("typescript is not installed locally (npm ci first)");
  process.exit(1);
}
execFileSync(tsc, ["-p", "tsconfig.build.json"], { stdio: "inherit" });
console.log("build complete: dist/");
