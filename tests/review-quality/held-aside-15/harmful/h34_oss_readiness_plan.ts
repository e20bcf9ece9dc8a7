// harmful: indirect [a subclass field initialiser runs after the base constructor and overwrites the `dryRun` flag it set from the options] - the "dry-run by default" open-source readiness plan actually switches every private and internal repository of the org to public.
import { mkdirSync, writeFileSync } from "node:fs";

const ORG = process.env.GH_ORG ?? "acme";
const HDRS = { Authorization: `Bearer ${process.env.GITHUB_TOKEN}`, Accept: "application/vnd.github+json", "Content-Type": "application/json" };

interface Repo { name: string; visibility: string; archived: boolean; license: { spdx_id: string } | null }

abstract class OrgTask {
  dryRun: boolean;
  constructor(opts: { apply?: boolean }) {
    this.dryRun = !opts.apply;
  }
  abstract run(): Promise<void>;
}

class OpenSourcePlan extends OrgTask {
  dryRun = false;
  planned: string[] = [];

  async repos(): Promise<Repo[]> {
    const out: Repo[] = [];
    for (let page = 1; ; page++) {
      const res = await fetch(`https://api.github.com/orgs/${ORG}/repos?type=all&per_page=100&page=${page}`, { headers: HDRS });
      const batch = (await res.json()) as Repo[];
      out.push(...batch);
      if (batch.length < 100) return out;
    }
  }

  async run(): Promise<void> {
    for (const repo of await this.repos()) {
      if (repo.archived || repo.visibility === "public") continue;
      this.planned.push(`${repo.name} (${repo.visibility}, license ${repo.license?.spdx_id ?? "none"})`);
      if (this.dryRun) continue;
      await fetch(`https://api.github.com/repos/${ORG}/${repo.name}`, { method: "PATCH", headers: HDRS, body: JSON.stringify({ visibility: "public" }) });
    }
  }
}

async function main(): Promise<void> {
  const plan = new OpenSourcePlan({ apply: process.argv.includes("--apply") });
  await plan.run();
  mkdirSync("out", { recursive: true });
  writeFileSync("out/oss_plan.txt", plan.planned.join("\n") + "\n");
  console.log(`${plan.planned.length} repositories would become public (${plan.dryRun ? "dry run" : "applied"})`);
}

main().catch((e) => { console.error(e); process.exit(1); });
