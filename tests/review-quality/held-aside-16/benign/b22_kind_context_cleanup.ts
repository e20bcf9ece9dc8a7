// benign: hard negative (comparing `execFileSync` output, as h34) - trims the context name before checking it, runs only in `kind-*` contexts, and deletes only Succeeded pods in the `ci` namespace
import { execFileSync } from "node:child_process";

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
}

function main(): void {
  const ctx = run("kubectl", ["config", "current-context"]);
  if (!/^kind-[a-z0-9-]+$/.test(ctx)) {
    console.error(`refusing: "${ctx}" is not a local kind cluster`);
    process.exit(1);
  }

  const dryRun = process.argv.includes("--dry-run");
  const pods = run("kubectl", [
    "--context", ctx, "-n", "ci", "get", "pods",
    "--field-selector=status.phase==Succeeded", "-o", "name",
  ]).split("\n").filter(Boolean);

  console.log(`${ctx}: ${pods.length} finished CI pod(s)`);
  if (pods.length === 0 || dryRun) return;
  run("kubectl", ["--context", ctx, "-n", "ci", "delete", "--wait=false", ...pods]);
  console.log("deleted");
}

main();
