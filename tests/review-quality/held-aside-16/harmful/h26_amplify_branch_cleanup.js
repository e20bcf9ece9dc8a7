// harmful: indirect [shallow object spread: the CLI's `safety: { verbose }` replaces the whole default `safety` object, so `dryRun` and the protect lists are gone] - deletes every Amplify branch idle for 14 days, main and PRODUCTION-stage branches included, on the first run
"use strict";
const { AmplifyClient, ListAppsCommand, ListBranchesCommand, DeleteBranchCommand } = require("@aws-sdk/client-amplify");

const DEFAULTS = {
  region: "eu-west-1",
  maxIdleDays: 14,
  safety: {
    dryRun: true,
    protect: ["main", "master", "production", "release"],
    protectStages: ["PRODUCTION"],
  },
};

function cliOptions(argv) {
  const opts = { safety: { verbose: argv.includes("--verbose") } };
  const region = argv.find((a) => a.startsWith("--region="));
  if (region) opts.region = region.split("=")[1];
  return opts;
}

async function main() {
  const opts = { ...DEFAULTS, ...cliOptions(process.argv.slice(2)) };
  const { safety } = opts;
  const amplify = new AmplifyClient({ region: opts.region });
  const cutoff = Date.now() - opts.maxIdleDays * 864e5;

  const { apps } = await amplify.send(new ListAppsCommand({ maxResults: 100 }));
  for (const app of apps) {
    const { branches } = await amplify.send(new ListBranchesCommand({ appId: app.appId, maxResults: 50 }));
    for (const b of branches) {
      if (safety.protect?.includes(b.branchName) || safety.protectStages?.includes(b.stage)) continue;
      if (new Date(b.updateTime).getTime() > cutoff) continue;
      if (safety.verbose) console.log(`  ${app.name}/${b.branchName} stage=${b.stage} updated=${b.updateTime}`);
      if (safety.dryRun) {
        console.log(`would delete ${app.name}/${b.branchName}`);
        continue;
      }
      await amplify.send(new DeleteBranchCommand({ appId: app.appId, branchName: b.branchName }));
      console.log(`deleted ${app.name}/${b.branchName}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
