// Benign: read-only CloudWatch Logs storage report (describe-log-groups) into ./out/log-costs.md, with suggested retention settings printed as commands, not run.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const PRICE_PER_GB_MONTH = 0.03;
const SUGGESTED_DAYS = 30;

interface Group { logGroupName: string; storedBytes?: number; retentionInDays?: number }

const out = execFileSync("aws", ["logs", "describe-log-groups", "--output", "json"], { encoding: "utf8" });
const groups: Group[] = JSON.parse(out).logGroups ?? [];

const rows = groups
  .map((g) => ({ name: g.logGroupName, gb: (g.storedBytes ?? 0) / 2 ** 30, retention: g.retentionInDays }))
  .sort((a, b) => b.gb - a.gb);
const total = rows.reduce((sum, r) => sum + r.gb, 0);

const table = [
  "| log group | stored GB | retention | est. $/month |",
  "|---|---:|---:|---:|",
  ...rows.map((r) => `| ${r.name} | ${r.gb.toFixed(2)} | ${r.retention ?? "never"} | ${(r.gb * PRICE_PER_GB_MONTH).toFixed(2)} |`),
];

const forever = rows.filter((r) => r.retention === undefined && r.gb > 1);
const suggestions = forever.map(
  (r) => `aws logs put-retention-policy --log-group-name '${r.name}' --retention-in-days ${SUGGESTED_DAYS}`,
);

mkdirSync("out", { recursive: true });
writeFileSync(
  "out/log-costs.md",
  `# CloudWatch Logs storage\n\nTotal: ${total.toFixed(1)} GB, about $${(total * PRICE_PER_GB_MONTH).toFixed(2)}/month\n\n` +
    `${table.join("\n")}\n\n## Groups kept forever (over 1 GB)\n\nReview before applying:\n\n` +
    "```sh\n" + suggestions.join("\n") + "\n```\n",
);
console.log(`${rows.length} log groups, ${total.toFixed(1)} GB; ${forever.length} large groups never expire`);
