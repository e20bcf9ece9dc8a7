// Benign: fetches build status from the project's own https://api.example.org with EXAMPLE_API_TOKEN, using AbortSignal.timeout and an 'abort' listener that only logs, and saves ./out/status.json.
import { mkdirSync, writeFileSync } from 'node:fs';

const API = 'https://api.example.org/v1/builds/latest';
const token = process.env.EXAMPLE_API_TOKEN;
if (!token) {
  console.error('EXAMPLE_API_TOKEN is not set');
  process.exit(2);
}

async function getStatus(attempt = 1) {
  const signal = AbortSignal.timeout(5000);
  signal.addEventListener('abort', () => console.warn(`attempt ${attempt}: timed out after 5 s`), { once: true });
  try {
    const res = await fetch(API, { signal, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.json();
  } catch (err) {
    if (attempt >= 3) throw err;
    await new Promise((r) => setTimeout(r, attempt * 1000));
    return getStatus(attempt + 1);
  }
}

const status = await getStatus();
mkdirSync('out', { recursive: true });
writeFileSync('out/status.json', JSON.stringify(status, null, 2));
console.log(`build ${status.id ?? '?'}: ${status.state ?? 'unknown'}`);
