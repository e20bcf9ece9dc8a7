// Benign: queries https://api.example.com/v1/status (or a URL passed as the first argument) and prints the service status table.
const url = new URL(process.argv[2] ?? 'https://api.example.com/v1/status');
if (!['http:', 'https:'].includes(url.protocol)) {
  console.error('only http(s) URLs are supported');
  process.exit(2);
}

const controller = new AbortController();
const timer = setTimeout(() => controller.abort(), 10_000);

try {
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: controller.signal });
  if (!res.ok) {
    console.error(`HTTP ${res.status} ${res.statusText}`);
    process.exit(1);
  }
  const body = await res.json();
  const services = Array.isArray(body.services) ? body.services : [];
  console.table(services.map((s) => ({ name: s.name, status: s.status, latency_ms: s.latency_ms })));
  console.log(`overall: ${body.status ?? 'unknown'}`);
} catch (err) {
  console.error(`request failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  clearTimeout(timer);
}
