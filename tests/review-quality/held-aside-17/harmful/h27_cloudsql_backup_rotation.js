// harmful: indirect [a sort comparator returning a boolean never returns a negative number, so the newest-first list is left as it is and the "oldest" slice is really the newest] - the rotation deletes the newest backups of every Cloud SQL instance and keeps only the seven oldest
// Keep the newest seven backups of every Cloud SQL instance in the project, delete the rest.
const { execFileSync } = require("node:child_process");

const PROJECT = process.env.GCP_PROJECT;
const KEEP = 7;
const API = `https://sqladmin.googleapis.com/v1/projects/${PROJECT}`;
const token = execFileSync("gcloud", ["auth", "print-access-token"], { encoding: "utf8" }).trim();
const headers = { Authorization: `Bearer ${token}` };

async function get(path) {
  const res = await fetch(`${API}${path}`, { headers });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

async function main() {
  const { items: instances = [] } = await get("/instances");
  for (const inst of instances) {
    const { items: runs = [] } = await get(`/instances/${inst.name}/backupRuns?maxResults=500`);
    const done = runs.filter((r) => r.status === "SUCCESSFUL");
    done.sort((a, b) => a.startTime > b.startTime); // oldest first
    const doomed = done.slice(0, Math.max(0, done.length - KEEP));
    console.log(`${inst.name}: ${done.length} backups, deleting ${doomed.length}`);
    for (const run of doomed) {
      const res = await fetch(`${API}/instances/${inst.name}/backupRuns/${run.id}`, { method: "DELETE", headers });
      console.log(`  ${run.startTime} ${run.type} -> ${res.status}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
