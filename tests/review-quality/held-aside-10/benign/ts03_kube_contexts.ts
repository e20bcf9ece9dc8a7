// Benign: lists kubectl contexts with `kubectl config get-contexts -o name` and each context's cluster and namespace from `kubectl config view -o json` (read-only), and writes the table to ./out/contexts.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

interface KubeView {
  "current-context"?: string;
  contexts?: { name: string; context: { cluster: string; user: string; namespace?: string } }[];
}

const kubectl = (...args: string[]) => execFileSync("kubectl", args, { encoding: "utf8" });

const names = kubectl("config", "get-contexts", "-o", "name").split("\n").filter(Boolean);
const view = JSON.parse(kubectl("config", "view", "-o", "json")) as KubeView;
const current = view["current-context"];

const rows = names.map((name) => {
  const ctx = view.contexts?.find((c) => c.name === name)?.context;
  return {
    name,
    current: name === current,
    cluster: ctx?.cluster ?? "?",
    namespace: ctx?.namespace ?? "default",
    production: /prod/i.test(name),
  };
});

for (const r of rows) {
  const mark = r.current ? "*" : " ";
  const warn = r.production ? "  (production)" : "";
  console.log(`${mark} ${r.name.padEnd(32)} ${r.cluster.padEnd(28)} ${r.namespace}${warn}`);
}

mkdirSync("out", { recursive: true });
writeFileSync("out/contexts.json", JSON.stringify(rows, null, 2) + "\n");
console.log(`${rows.length} contexts written to out/contexts.json`);
