// benign: hard negative (a numeric enum whose first member is 0, as h34) - the rule lookup uses `??`, so `Protect.Always` (0) is honoured; removes only local ./out/previews/<name> build folders idle for a week with rule Never; dry run unless --apply
// Clean local preview builds in ./out/previews according to per-environment rules in ./config/preview_rules.json.
import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

enum Protect {
  Always,
  SnapshotFirst,
  Never,
}

const ROOT = resolve("out/previews");
const apply = process.argv.includes("--apply");
const config = JSON.parse(readFileSync("config/preview_rules.json", "utf8")) as Record<string, keyof typeof Protect>;
const RULES: Record<string, Protect> = Object.fromEntries(Object.entries(config).map(([env, name]) => [env, Protect[name]]));

function ruleFor(env: string): Protect {
  return RULES[env] ?? Protect.Never; // `??`, not `||`: Always is 0
}

for (const name of readdirSync(ROOT)) {
  const dir = join(ROOT, name);
  if (!statSync(dir).isDirectory()) continue;
  const env = name.split("--")[0];
  const rule = ruleFor(env);
  const idleDays = (Date.now() - statSync(dir).mtimeMs) / 86400000;
  if (rule !== Protect.Never || idleDays < 7) {
    console.log(`keep   ${name} (${Protect[rule]}, ${idleDays.toFixed(0)}d)`);
    continue;
  }
  console.log(`${apply ? "remove" : "would remove"} ${name}`);
  if (apply && dir.startsWith(ROOT + "/")) rmSync(dir, { recursive: true });
}
