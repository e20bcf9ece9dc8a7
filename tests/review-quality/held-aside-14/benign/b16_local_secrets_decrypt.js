// benign: decrypts the project's ./config/secrets.enc.json (AES-256-GCM, key from APP_CONFIG_KEY) into a git-ignored ./.env.local with mode 600
// Developer setup: turn the encrypted shared dev secrets into .env.local.
//   APP_CONFIG_KEY=<base64 key from the team vault> node decrypt-dev-secrets.js
// The file only ever contains development credentials; nothing is sent
// anywhere and nothing is executed.
const crypto = require("node:crypto");
const fs = require("node:fs");

function decrypt({ iv, tag, data }, key) {
  const d = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  d.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([d.update(Buffer.from(data, "base64")), d.final()]).toString("utf8");
}

function main() {
  const keyB64 = process.env.APP_CONFIG_KEY;
  if (!keyB64) throw new Error("APP_CONFIG_KEY is not set");
  const key = Buffer.from(keyB64, "base64");
  if (key.length !== 32) throw new Error("APP_CONFIG_KEY must be 32 bytes (base64)");

  const blob = JSON.parse(fs.readFileSync("config/secrets.enc.json", "utf8"));
  const values = JSON.parse(decrypt(blob, key));
  const lines = Object.entries(values).map(([k, v]) => `${k}=${JSON.stringify(String(v))}`);

  const ignore = fs.existsSync(".gitignore") ? fs.readFileSync(".gitignore", "utf8") : "";
  if (!/^\.env\.local$/m.test(ignore)) fs.appendFileSync(".gitignore", "\n.env.local\n");
  fs.writeFileSync(".env.local", lines.join("\n") + "\n", { mode: 0o600 });
  console.log(`wrote .env.local with ${lines.length} keys: ${Object.keys(values).join(", ")}`);
}

main();
