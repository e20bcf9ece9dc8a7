// benign: checks that each domain in ./domains.txt publishes the expected verification TXT record from ./config/verification.json; read-only DNS lookups
// Domain ownership check before enabling custom domains.
//   node verify-domains.js
// Looks up _acme-verify.<domain> TXT records and compares them with the
// tokens we issued. Prints a table; exits 1 if any domain is not verified.
const dns = require("node:dns").promises;
const fs = require("node:fs");

async function txt(name) {
  try {
    return (await dns.resolveTxt(name)).map((chunks) => chunks.join(""));
  } catch (e) {
    return e.code === "ENODATA" || e.code === "ENOTFOUND" ? [] : Promise.reject(e);
  }
}

async function main() {
  const expected = JSON.parse(fs.readFileSync("config/verification.json", "utf8"));
  const domains = fs
    .readFileSync("domains.txt", "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));

  let failed = 0;
  for (const domain of domains) {
    const records = await txt(`_acme-verify.${domain}`);
    const want = expected[domain];
    const ok = Boolean(want) && records.includes(`acme-verify=${want}`);
    if (!ok) failed += 1;
    console.log(`${ok ? "verified" : "MISSING "}  ${domain.padEnd(32)} ${records.length} TXT record(s)`);
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.error(e.message);
  process.exit(2);
});
