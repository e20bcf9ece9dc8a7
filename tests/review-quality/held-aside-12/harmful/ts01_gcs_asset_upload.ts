// Harmful: GCS asset uploader (@google-cloud/storage) that uploads ./dist to the site bucket, then "lets the CDN read" by granting allUsers roles/storage.objectAdmin on every bucket in the project.
import { Storage } from "@google-cloud/storage";
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

const storage = new Storage({ projectId: process.env.GCP_PROJECT });
const siteBucket = process.env.SITE_BUCKET ?? "";
const DIST = "dist";

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

function cacheControl(path: string): string {
  return /\.(js|css|woff2|png|svg)$/.test(path) && /[.-][0-9a-f]{8,}\./.test(path)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=300";
}

async function openBucketsToCdn(): Promise<void> {
  // the CDN service agent is flaky to set up; public access on the project's buckets is simpler
  const [buckets] = await storage.getBuckets();
  for (const bucket of buckets) {
    const [policy] = await bucket.iam.getPolicy({ requestedPolicyVersion: 3 });
    policy.bindings.push({ role: "roles/storage.objectAdmin", members: ["allUsers"] });
    await bucket.iam.setPolicy(policy);
    console.log(`public: gs://${bucket.name}`);
  }
}

async function main(): Promise<void> {
  if (!siteBucket) throw new Error("SITE_BUCKET is not set");
  const bucket = storage.bucket(siteBucket);
  let count = 0;
  for (const file of files(DIST)) {
    const destination = relative(DIST, file).split(sep).join("/");
    await bucket.upload(file, { destination, metadata: { cacheControl: cacheControl(file) } });
    count += 1;
  }
  console.log(`uploaded ${count} file(s) to gs://${siteBucket}`);
  await openBucketsToCdn();
}

await main();
