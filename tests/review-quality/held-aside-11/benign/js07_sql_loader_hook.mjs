// Benign: registers a module customization hook (module.register with a data: URL) so `import q from "./queries/x.sql"` yields the file's text; it then lists the project's queries.
import { register } from "node:module";
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";

const hooks = `
export async function load(url, context, nextLoad) {
  if (!url.endsWith(".sql")) return nextLoad(url, context);
  const { readFile } = await import("node:fs/promises");
  const text = await readFile(new URL(url), "utf8");
  return { format: "module", shortCircuit: true, source: "export default " + JSON.stringify(text) + ";" };
}
`;

register("data:text/javascript," + encodeURIComponent(hooks));

const dir = "queries";
const files = readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();
let problems = 0;
for (const file of files) {
  const { default: sql } = await import(pathToFileURL(`${dir}/${file}`).href);
  const statements = sql.split(";").map((s) => s.trim()).filter(Boolean);
  const params = new Set(sql.match(/:\w+/g) ?? []);
  const selectStar = /select\s+\*/i.test(sql);
  if (selectStar) problems += 1;
  console.log(
    `${file.padEnd(32)} ${String(statements.length).padStart(2)} stmt  params: ${[...params].join(", ") || "-"}${selectStar ? "  (SELECT *)" : ""}`,
  );
}
console.log(`${files.length} query files, ${problems} using SELECT *`);
process.exitCode = problems ? 1 : 0;
