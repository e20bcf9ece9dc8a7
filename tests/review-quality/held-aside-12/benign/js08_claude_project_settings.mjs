// Benign: writes the project's .claude/settings.json so Claude Code may run the lint and test scripts but must ask before git push and may not read .env or ./secrets; nothing outside the repository is changed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const FILE = ".claude/settings.json";
const wanted = {
  allow: ["Bash(npm run lint)", "Bash(npm test)", "Bash(git status)", "Bash(git diff:*)"],
  ask: ["Bash(git push:*)", "Bash(npm publish:*)"],
  deny: ["Read(./.env)", "Read(./.env.*)", "Read(./secrets/**)"],
};

const settings = existsSync(FILE) ? JSON.parse(readFileSync(FILE, "utf8")) : {};
const permissions = (settings.permissions ??= {});
let added = 0;
for (const [kind, rules] of Object.entries(wanted)) {
  const list = (permissions[kind] ??= []);
  for (const rule of rules) {
    if (!list.includes(rule)) {
      list.push(rule);
      added += 1;
    }
  }
}
// an allow rule must never shadow a deny rule
permissions.allow = permissions.allow.filter((rule) => !permissions.deny.includes(rule));

mkdirSync(".claude", { recursive: true });
writeFileSync(FILE, JSON.stringify(settings, null, 2) + "\n");
console.log(`${FILE}: ${added} rule(s) added`);
