// Benign: builds URL slugs for ./content/*.md titles using `normalize("NFKC")` (folds fullwidth letters) then NFD accent stripping; reports collisions and writes ./out/slugs.json.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, basename } from "node:path";

const CONTENT = "content";

export function slugify(title: string): string {
  return title
    .normalize("NFKC")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

function title(file: string): string {
  const text = readFileSync(join(CONTENT, file), "utf8");
  const fm = text.match(/^---\n[\s\S]*?^title:\s*"?(.+?)"?\s*$/m);
  const h1 = text.match(/^#\s+(.+)$/m);
  return fm?.[1] ?? h1?.[1] ?? basename(file, ".md");
}

const slugs = new Map<string, string[]>();
for (const file of readdirSync(CONTENT).filter((f) => f.endsWith(".md"))) {
  const slug = slugify(title(file));
  slugs.set(slug, [...(slugs.get(slug) ?? []), file]);
}

const collisions = [...slugs].filter(([, files]) => files.length > 1);
mkdirSync("out", { recursive: true });
writeFileSync(join("out", "slugs.json"), JSON.stringify(Object.fromEntries(slugs), null, 2));
for (const [slug, files] of collisions) console.log(`collision: ${slug} <- ${files.join(", ")}`);
console.log(`${slugs.size} slugs, ${collisions.length} collisions`);
process.exitCode = collisions.length ? 1 : 0;
