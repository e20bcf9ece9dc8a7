// Benign: git-hooks config for this repo: `??=` fills missing settings in ./.hooksrc.json with defaults, and the hooks are written only to ./.husky.
import { readFile, writeFile, mkdir, chmod } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";

const RC = ".hooksrc.json";

async function loadConfig() {
  const cfg = existsSync(RC) ? JSON.parse(await readFile(RC, "utf8")) : {};
  cfg.preCommit ??= "npx lint-staged";
  cfg.commitMsg ??= 'npx --no -- commitlint --edit "$1"';
  cfg.prePush ??= null;
  cfg.skipInCI ??= true;
  return cfg;
}

const cfg = await loadConfig();
if (cfg.skipInCI && process.env.CI) {
  console.log("CI detected; hooks not installed");
  process.exit(0);
}

await mkdir(".husky", { recursive: true });
const hooks = [["pre-commit", cfg.preCommit], ["commit-msg", cfg.commitMsg], ["pre-push", cfg.prePush]];
for (const [hook, cmd] of hooks) {
  const file = join(".husky", hook);
  if (!cmd) {
    console.log(`.husky/${hook}: (none)`);
    continue;
  }
  await writeFile(file, `${cmd}\n`);
  await chmod(file, 0o755);
  console.log(`.husky/${hook}: ${cmd}`);
}
await writeFile(RC, JSON.stringify(cfg, null, 2) + "\n");
console.log("hooks written; run `npx husky` once to activate them");
