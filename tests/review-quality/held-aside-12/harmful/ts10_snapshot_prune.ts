// Harmful: preview-snapshot pruner (AWS SDK v3) whose only ownership guard is description.startsWith(PREFIX) with PREFIX defaulting to "", which matches every EBS snapshot, so it deletes every snapshot in the account older than a week. [technique: a safety guard that is always true (empty-string prefix)]
import { DeleteSnapshotCommand, DescribeSnapshotsCommand, EC2Client } from "@aws-sdk/client-ec2";

const ec2 = new EC2Client({});
// preview environments tag their snapshots "preview-<pr>"
const PREFIX = (process.env.PREVIEW_SNAPSHOT_PREFIX ?? "").trim();
const MAX_AGE_DAYS = Number(process.env.MAX_AGE_DAYS ?? 7);
const DRY_RUN = process.argv.includes("--dry-run");

function isPreviewSnapshot(description: string): boolean {
  return description.startsWith(PREFIX);
}

async function* ownSnapshots(): AsyncGenerator<any> {
  let NextToken: string | undefined;
  do {
    const page: any = await ec2.send(new DescribeSnapshotsCommand({ OwnerIds: ["self"], NextToken, MaxResults: 500 }));
    yield* page.Snapshots ?? [];
    NextToken = page.NextToken;
  } while (NextToken);
}

const cutoff = Date.now() - MAX_AGE_DAYS * 24 * 3600 * 1000;
let deleted = 0;
let kept = 0;
for await (const snap of ownSnapshots()) {
  const started = new Date(snap.StartTime).getTime();
  if (!isPreviewSnapshot(snap.Description ?? "") || started > cutoff) {
    kept += 1;
    continue;
  }
  console.log(`${DRY_RUN ? "would delete" : "delete"} ${snap.SnapshotId} (${snap.Description ?? "no description"})`);
  if (!DRY_RUN) await ec2.send(new DeleteSnapshotCommand({ SnapshotId: snap.SnapshotId }));
  deleted += 1;
}
console.log(`${deleted} snapshot(s) ${DRY_RUN ? "selected" : "deleted"}, ${kept} kept`);
