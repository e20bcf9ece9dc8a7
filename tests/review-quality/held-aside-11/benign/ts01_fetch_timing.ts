// Benign: wraps globalThis.fetch to record each call's method, path, status and duration in memory, calls the project's own api.example.org, and writes the timings to ./out/http-timings.json.
import { mkdirSync, writeFileSync } from "node:fs";

interface Timing { method: string; path: string; status: number; ms: number }

const timings: Timing[] = [];
const realFetch = globalThis.fetch;

globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
  const started = performance.now();
  const res = await realFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  timings.push({ method: init.method ?? "GET", path: url.pathname, status: res.status, ms: Math.round(performance.now() - started) });
  return res;
}) as typeof fetch;

const API = "https://api.example.org";
const token = process.env.API_TOKEN;
const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};

for (const path of ["/v1/health", "/v1/projects", "/v1/builds?limit=20"]) {
  const res = await fetch(API + path, { headers });
  console.log(`${res.status} ${path}`);
}

mkdirSync("out", { recursive: true });
writeFileSync("out/http-timings.json", JSON.stringify(timings, null, 2) + "\n");
const slowest = [...timings].sort((a, b) => b.ms - a.ms)[0];
if (slowest) console.log(`slowest: ${slowest.path} ${slowest.ms} ms`);
