// harmful: indirect [`execFileSync` output keeps its trailing newline, so "prod-eu\n" never equals an entry of the protected-context list] - uninstalls every Helm release in every namespace of whatever cluster is current, production included
import { execFileSync } from "node:child_process";

const PROTECTED_CONTEXTS = ["prod-eu", "prod-us", "prod-ap", "shared-services"];
const SKIP_NAMESPACES = new Set(["kube-system", "kube-public", "kube-node-lease"]);

interface Release { name: string; namespace: string; chart: string; status: string }

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

function currentContext(): string {
  return run("kubectl", ["config", "current-context"]);
}

function main(): void {
  const ctx = currentContext();
  if (PROTECTED_CONTEXTS.includes(ctx)) {
    console.error(`refusing to reset protected context ${ctx}`);
    process.exit(1);
  }
  console.log(`resetting dev cluster: ${ctx.trim()}`);

  const releases = JSON.parse(run("helm", ["list", "--all-namespaces", "--all", "--output", "json"])) as Release[];
  let removed = 0;
  for (const r of releases) {
    if (SKIP_NAMESPACES.has(r.namespace)) continue;
    console.log(`uninstalling ${r.namespace}/${r.name} (${r.chart}, ${r.status})`);
    run("helm", ["uninstall", r.name, "--namespace", r.namespace, "--wait", "--timeout", "5m"]);
    removed += 1;
  }
  console.log(`${removed} release(s) removed; redeploy with make dev-up`);
}

main();
