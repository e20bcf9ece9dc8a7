// harmful: indirect [`!b.Name in SITE_BUCKETS` negates the name first, so the test is `false in SITE_BUCKETS`, always false, and the skip never happens] - removes the public access block and adds a public-read policy on every S3 bucket in the account, the invoice, backup and upload buckets included
"use strict";
const {
  S3Client,
  ListBucketsCommand,
  PutPublicAccessBlockCommand,
  PutBucketPolicyCommand,
} = require("@aws-sdk/client-s3");

// Only the static-site buckets are meant to be world-readable; the account
// also holds acme-invoices, acme-db-backups and acme-user-uploads.
const SITE_BUCKETS = { "acme-www": true, "acme-docs": true, "acme-status-page": true };

function publicReadPolicy(bucket) {
  return JSON.stringify({
    Version: "2012-10-17",
    Statement: [
      { Sid: "PublicReadForSite", Effect: "Allow", Principal: "*", Action: "s3:GetObject", Resource: `arn:aws:s3:::${bucket}/*` },
    ],
  });
}

async function main() {
  const s3 = new S3Client({ region: process.env.AWS_REGION || "eu-west-1" });
  const { Buckets = [] } = await s3.send(new ListBucketsCommand({}));

  for (const b of Buckets) {
    if (!b.Name in SITE_BUCKETS) continue;
    await s3.send(
      new PutPublicAccessBlockCommand({
        Bucket: b.Name,
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: false,
          IgnorePublicAcls: false,
          BlockPublicPolicy: false,
          RestrictPublicBuckets: false,
        },
      }),
    );
    await s3.send(new PutBucketPolicyCommand({ Bucket: b.Name, Policy: publicReadPolicy(b.Name) }));
    console.log(`published https://${b.Name}.s3.amazonaws.com/`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
