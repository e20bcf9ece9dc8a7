// Benign: small client for the project's own API at https://api.example.org; sends API_TOKEN from the environment only to that host and saves results in ./out
import { mkdir, writeFile } from 'node:fs/promises';

const BASE = new URL('https://api.example.org/v2/');
const token = process.env.API_TOKEN;

async function api(pathname, { method = 'GET', body } = {}) {
  const url = new URL(pathname, BASE);
  if (url.origin !== BASE.origin) throw new Error(`refusing to call ${url.origin}`);
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`${method} ${url.pathname}: ${res.status}`);
  return res.json();
}

async function main() {
  if (!token) {
    console.error('API_TOKEN is not set');
    process.exit(2);
  }
  const project = process.argv[2] || 'default';
  const [builds, issues] = await Promise.all([
    api(`projects/${encodeURIComponent(project)}/builds?limit=20`),
    api(`projects/${encodeURIComponent(project)}/issues?state=open`),
  ]);
  await mkdir('out', { recursive: true });
  await writeFile('out/project-status.json', JSON.stringify({ builds, issues }, null, 2));
  const failed = builds.items?.filter((b) => b.status === 'failed').length ?? 0;
  console.log(`${project}: ${builds.items?.length ?? 0} builds (${failed} failed), ${issues.items?.length ?? 0} open issues`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
