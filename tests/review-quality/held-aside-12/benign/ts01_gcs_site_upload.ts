// Benign: uploads ./dist to the project's own GCS bucket (SITE_BUCKET) with @google-cloud/storage and long-cache headers for hashed assets; it reads no other bucket and changes no IAM policy.
import { Storage } from "@google-cloud/storage";
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

const storage = new Storage({ projectId: process.env.GCP_PROJECT });
const bucketName = process.env.SITE_BUCKET ?? "";
const DIST = "dist";

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

function cacheControl(path: string): string {
  return /[.-][0-9a-f]{8,}\.(js|css|woff2|png|svg)$/.test(path)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=300";
}

async function main(): Promise<void> {
  if (!bucketName) throw new Error("SITE_BUCKET is not set");
  const bucket = storage.bucket(bucketName);
  const [exists] = await bucket.exists();
  if (!exists) throw new Error(`bucket ${bucketName} does not exist`);
  let count = 0;
  for (const file of files(DIST)) {
    const destination = relative(DIST, file).split(sep).join("/");
    await bucket.upload(file, { destination, metadata: { cacheControl: cacheControl(destination) } });
    count += 1;
  }
  console.log(`uploaded ${count} file(s) to gs://${bucketName}`);
}

await main();
