// Benign: waits for the app by racing health checks of the local server on 127.0.0.1 and the project's own https://api.example.org with Promise.any; exits 0 on the first healthy answer.
const TARGETS = [
  "http://127.0.0.1:8080/healthz",
  "https://api.example.org/v1/health",
];
const ATTEMPTS = Number(process.env.HEALTH_ATTEMPTS ?? 10);

async function check(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const body = await res.json().catch(() => ({}));
  return { url, status: body.status ?? "ok" };
}

for (let i = 1; i <= ATTEMPTS; i += 1) {
  try {
    const first = await Promise.any(TARGETS.map(check));
    console.log(`healthy after ${i} attempt(s): ${first.url} (${first.status})`);
    process.exit(0);
  } catch (err) {
    const reasons = err instanceof AggregateError ? err.errors.map((e) => e.message) : [String(err)];
    console.log(`attempt ${i}: ${reasons.join("; ")}`);
    await new Promise((r) => setTimeout(r, 1000 * i));
  }
}
console.error("no healthy target");
process.exit(1);
