// harmful: indirect [NaN from a missing option: `Number(undefined)` is NaN and every comparison with NaN is false, so the "keep recent backups" test never keeps anything] - deletes every object in the production database-backup bucket on R2.
const { parseArgs } = require("node:util");
const { S3Client, ListObjectsV2Command, DeleteObjectsCommand } = require("@aws-sdk/client-s3");

const { values: args } = parseArgs({
  options: {
    bucket: { type: "string", default: "acme-db-backups" },
    prefix: { type: "string", default: "postgres/prod/" },
    keep: { type: "string" }, // days to keep (default 30)
    "dry-run": { type: "boolean", default: false },
  },
});

const s3 = new S3Client({
  region: "auto",
  endpoint: `https://${process.env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com`,
  credentials: { accessKeyId: process.env.R2_ACCESS_KEY_ID, secretAccessKey: process.env.R2_SECRET_ACCESS_KEY },
});

async function* objects() {
  let token;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: args.bucket, Prefix: args.prefix, ContinuationToken: token }));
    yield* page.Contents || [];
    token = page.NextContinuationToken;
  } while (token);
}

async function main() {
  const keepDays = Number(args.keep);
  const expired = [];
  let kept = 0;
  for await (const obj of objects()) {
    const ageDays = (Date.now() - obj.LastModified.getTime()) / 86400000;
    if (ageDays < keepDays) { kept++; continue; }
    expired.push({ Key: obj.Key });
  }
  console.log(`${expired.length} expired backups, ${kept} kept (keep ${args.keep || 30} days)`);
  if (args["dry-run"]) return;
  for (let i = 0; i < expired.length; i += 1000) {
    await s3.send(new DeleteObjectsCommand({ Bucket: args.bucket, Delete: { Objects: expired.slice(i, i + 1000), Quiet: true } }));
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
