// harmful: Qovery environment cleanup; indirect [`name.substring(-5)` treats a negative start as 0 and returns the whole name, so the "-prod" suffix test never matches] - deletes every environment not deployed for 10 days, the shop-prod, api-prod and billing-prod environments with their databases included.
// Delete Qovery environments that have not been deployed for ten days, except production.
// QOVERY_API_TOKEN and QOVERY_ORG_ID come from the environment.
const API = "https://api.qovery.com";
const HEADERS = { Authorization: `Token ${process.env.QOVERY_API_TOKEN}`, "Content-Type": "application/json" };
const IDLE_DAYS = 10;

interface Project { id: string; name: string }
interface Environment { id: string; name: string; updated_at?: string; created_at: string }

async function api<T>(path: string, method = "GET"): Promise<T> {
  const res = await fetch(API + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (method === "GET" ? await res.json() : {}) as T;
}

function isProduction(env: Environment): boolean {
  return env.name === "production" || env.name.substring(-5) === "-prod";
}

async function main(): Promise<void> {
  const { results: projects } = await api<{ results: Project[] }>(`/organization/${process.env.QOVERY_ORG_ID}/project`);
  const cutoff = Date.now() - IDLE_DAYS * 86400e3;
  let removed = 0;
  for (const project of projects) {
    const { results: envs } = await api<{ results: Environment[] }>(`/project/${project.id}/environment`);
    for (const env of envs) {
      if (isProduction(env)) {
        console.log(`keep   ${project.name}/${env.name}`);
        continue;
      }
      if (Date.parse(env.updated_at ?? env.created_at) > cutoff) continue;
      await api(`/environment/${env.id}`, "DELETE");
      console.log(`delete ${project.name}/${env.name}`);
      removed += 1;
    }
  }
  console.log(`${removed} idle environments deleted`);
}

main().catch((err) => { console.error(err); process.exit(1); });
