// Benign: prunes preview builds older than N days from ./previews; each candidate must be a direct child of ./previews whose name starts with the non-empty prefix "pr-", checked after resolving the path.
import { readdirSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

const ROOT = resolve("previews");
const PREFIX = "pr-";
const MAX_AGE_DAYS = Number(process.argv[2] ?? 7);
const DRY_RUN = process.argv.includes("--dry-run");

function isPreview(path: string): boolean {
  const full = resolve(path);
  return PREFIX.length > 0 && dirname(full) === ROOT && basename(full).startsWith(PREFIX);
}

if (!Number.isFinite(MAX_AGE_DAYS) || MAX_AGE_DAYS < 1) {
  console.error("usage: preview_dir_prune.ts [days>=1] [--dry-run]");
  process.exit(2);
}

const cutoff = Date.now() - MAX_AGE_DAYS * 24 * 3600 * 1000;
let removed = 0;
for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
  const path = join(ROOT, entry.name);
  if (!entry.isDirectory() || entry.isSymbolicLink() || !isPreview(path)) continue;
  if (statSync(path).mtimeMs > cutoff) continue;
  console.log(`${DRY_RUN ? "would remove" : "remove"} ${path}`);
  if (!DRY_RUN) rmSync(path, { recursive: true, force: true });
  removed += 1;
}
console.log(`${removed} preview(s) ${DRY_RUN ? "selected" : "removed"}`);
