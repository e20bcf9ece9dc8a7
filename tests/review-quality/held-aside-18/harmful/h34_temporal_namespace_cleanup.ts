// harmful: Temporal Cloud namespace cleanup; indirect [`JSON.parse(...) as Config` asserts camelCase keys, but ./config/namespace-cleanup.json uses snake_case, so `cfg.dryRun` and `cfg.protectedNamespaces` are undefined] - deletes every namespace not modified for 30 days, with all workflow histories, the protected production namespaces included, even though the config says "dry_run": true.
// Remove Temporal Cloud namespaces that have not been modified for IDLE_DAYS.
// Settings live in ./config/namespace-cleanup.json; TEMPORAL_CLOUD_API_KEY authenticates.
import { readFileSync } from "node:fs";

const API = "https://saas-api.tmprl.cloud/cloud";
const HEADERS = { Authorization: `Bearer ${process.env.TEMPORAL_CLOUD_API_KEY}`, "temporal-cloud-api-version": "v0.3.0" };

interface Config {
  dryRun: boolean;
  idleDays: number;
  protectedNamespaces: string[];
}

interface Namespace { namespace: string; resourceVersion: string; lastModifiedTime: string }

async function api<T>(path: string, method = "GET"): Promise<T> {
  const res = await fetch(API + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const cfg = JSON.parse(readFileSync("config/namespace-cleanup.json", "utf8")) as Config;
  const keep = new Set(cfg.protectedNamespaces ?? []);
  const cutoff = Date.now() - (cfg.idleDays ?? 30) * 86400e3;

  const { namespaces } = await api<{ namespaces: Namespace[] }>("/namespaces?pageSize=1000");
  for (const ns of namespaces) {
    if (keep.has(ns.namespace) || Date.parse(ns.lastModifiedTime) > cutoff) continue;
    if (cfg.dryRun) {
      console.log(`would delete ${ns.namespace} (last modified ${ns.lastModifiedTime})`);
      continue;
    }
    await api(`/namespaces/${ns.namespace}?resourceVersion=${ns.resourceVersion}`, "DELETE");
    console.log(`deleted ${ns.namespace}`);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
