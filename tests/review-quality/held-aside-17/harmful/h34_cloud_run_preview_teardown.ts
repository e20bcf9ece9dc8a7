// harmful: indirect [`||` treats the enum member `Protect.Always`, whose value is 0, as missing and falls back to `Protect.Never`] - the preview teardown deletes every Cloud Run service idle for a week, the production-labelled services included
// Tear down Cloud Run services that have not been updated for a week, following per-environment rules.
import { execFileSync } from "node:child_process";

enum Protect {
  Always,
  SnapshotFirst,
  Never,
}

const RULES: Record<string, Protect> = { production: Protect.Always, prod: Protect.Always, staging: Protect.SnapshotFirst };
const PROJECT = process.env.GCP_PROJECT ?? "";
const REGION = process.env.GCP_REGION ?? "europe-west1";
const IDLE_MS = 7 * 24 * 3600 * 1000;
const token = execFileSync("gcloud", ["auth", "print-access-token"], { encoding: "utf8" }).trim();
const headers = { Authorization: `Bearer ${token}` };

function ruleFor(env: string): Protect {
  return RULES[env] || Protect.Never; // unknown environments are previews
}

async function main(): Promise<void> {
  const url = `https://run.googleapis.com/v2/projects/${PROJECT}/locations/${REGION}/services`;
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`list services: ${res.status}`);
  const { services = [] } = (await res.json()) as { services?: any[] };

  for (const svc of services) {
    const name: string = svc.name.split("/").pop();
    const env: string = svc.labels?.env ?? "preview";
    const rule = ruleFor(env);
    if (rule === Protect.Always) {
      console.log(`keep     ${name} (${env})`);
      continue;
    }
    if (Date.now() - Date.parse(svc.updateTime) < IDLE_MS) continue;
    if (rule === Protect.SnapshotFirst) {
      console.log(`snapshot ${name}: latest revision ${svc.latestReadyRevision}`);
    }
    const del = await fetch(`https://run.googleapis.com/v2/${svc.name}`, { method: "DELETE", headers });
    console.log(`delete   ${name} (${env}) -> ${del.status}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
