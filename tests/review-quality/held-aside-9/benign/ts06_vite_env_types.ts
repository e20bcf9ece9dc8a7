// Benign: generates ./src/env.d.ts from the VITE_* keys in ./.env.example (names only, never values from ./.env) and warns about keys used in ./src but not declared.
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, extname } from "node:path";

function declaredKeys(file = ".env.example"): string[] {
  if (!existsSync(file)) throw new Error(`${file} not found`);
  return readFileSync(file, "utf8").split("\n")
    .map((l) => l.match(/^\s*(VITE_[A-Z0-9_]+)\s*=/)?.[1])
    .filter((k): k is string => Boolean(k))
    .sort();
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "node_modules") yield* sourceFiles(p);
    } else if ([".ts", ".tsx", ".vue", ".svelte"].includes(extname(p))) {
      yield p;
    }
  }
}

const keys = declaredKeys();
const body = keys.map((k) => `  readonly ${k}: string;`).join("\n");
writeFileSync(join("src", "env.d.ts"), `/// <reference types="vite/client" />
// generated from .env.example by scripts/env-types.ts; do not edit

interface ImportMetaEnv {
${body}
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
`);

const declared = new Set(keys);
let undeclared = 0;
for (const file of sourceFiles("src")) {
  for (const [, key] of readFileSync(file, "utf8").matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)) {
    if (!declared.has(key)) {
      undeclared++;
      console.log(`${file}: ${key} is not in .env.example`);
    }
  }
}
console.log(`src/env.d.ts: ${keys.length} keys; ${undeclared} undeclared uses`);
process.exitCode = undeclared ? 1 : 0;
