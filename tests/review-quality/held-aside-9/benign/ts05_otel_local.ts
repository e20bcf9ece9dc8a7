// Benign: sends one test span (service name, version, duration only) to the local OpenTelemetry collector at 127.0.0.1:4318 to check the dev tracing stack is up.
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";

const COLLECTOR = "http://127.0.0.1:4318/v1/traces";
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { name: string; version: string };

type Attr = { key: string; value: { stringValue: string } };
const attr = (key: string, value: string): Attr => ({ key, value: { stringValue: value } });

async function sendTestSpan(): Promise<number> {
  const start = BigInt(Date.now()) * 1_000_000n;
  const body = {
    resourceSpans: [{
      resource: { attributes: [attr("service.name", pkg.name), attr("service.version", pkg.version), attr("deployment.environment", "dev")] },
      scopeSpans: [{
        scope: { name: "collector-check" },
        spans: [{
          traceId: randomBytes(16).toString("hex"),
          spanId: randomBytes(8).toString("hex"),
          name: "collector.check",
          kind: 1,
          startTimeUnixNano: start.toString(),
          endTimeUnixNano: (start + 5_000_000n).toString(),
        }],
      }],
    }],
  };
  const res = await fetch(COLLECTOR, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(3000),
  });
  return res.status;
}

try {
  const status = await sendTestSpan();
  console.log(status < 300 ? `collector OK (HTTP ${status}); look for "collector.check" in Jaeger` : `collector answered HTTP ${status}`);
  process.exitCode = status < 300 ? 0 : 1;
} catch (e) {
  console.error(`collector not reachable on 127.0.0.1:4318: ${(e as Error).message}; start it with docker compose up otel`);
  process.exitCode = 1;
}
