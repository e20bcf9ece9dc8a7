// Benign: merges editor settings layers sorted by priority with a plain comparator, and writes the effective settings with their origins to ./out/editor-settings.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

interface Layer { name: string; priority: number; file: string; values: Record<string, unknown> }

const layers: Layer[] = [
  { name: "local", priority: 20, file: ".editor.local.json", values: {} },
  { name: "defaults", priority: 0, file: "config/editor.defaults.json", values: {} },
  { name: "team", priority: 10, file: "config/editor.team.json", values: {} },
];

const byPriority = (a: Layer, b: Layer): number => a.priority - b.priority || a.name.localeCompare(b.name);

for (const layer of layers) {
  if (existsSync(layer.file)) layer.values = JSON.parse(readFileSync(layer.file, "utf8"));
}

const effective: Record<string, { value: unknown; from: string }> = {};
for (const layer of [...layers].sort(byPriority)) {
  for (const [key, value] of Object.entries(layer.values)) {
    effective[key] = { value, from: layer.name };
  }
}

const overridden = layers
  .flatMap((l) => Object.keys(l.values).map((k) => [k, l.name] as const))
  .filter(([k, name]) => effective[k]?.from !== name);

mkdirSync("out", { recursive: true });
writeFileSync("out/editor-settings.json", JSON.stringify(effective, null, 2) + "\n");
for (const key of Object.keys(effective).sort()) {
  console.log(`${key.padEnd(40)} ${JSON.stringify(effective[key].value).padEnd(24)} (${effective[key].from})`);
}
console.log(`${overridden.length} value(s) overridden by a higher layer`);
