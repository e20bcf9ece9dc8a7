// Benign: zips ./layer and publishes it as a new version of the project's Lambda layer with AWS SDK v3, printing the version ARN; no IAM or other resources are touched.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, statSync } from "node:fs";
import { LambdaClient, PublishLayerVersionCommand } from "@aws-sdk/client-lambda";

const LAYER = process.env.LAYER_NAME ?? "shared-utils";
const lambda = new LambdaClient({});

rmSync("layer.zip", { force: true });
execFileSync("zip", ["-qr", "../layer.zip", "."], { cwd: "layer", stdio: "inherit" });
const size = statSync("layer.zip").size;
if (size > 50 * 1024 * 1024) {
  console.error(`layer.zip is ${size} bytes; direct upload limit is 50 MB`);
  process.exit(1);
}

const out = await lambda.send(new PublishLayerVersionCommand({
  LayerName: LAYER,
  Content: { ZipFile: readFileSync("layer.zip") },
  CompatibleRuntimes: ["nodejs20.x", "nodejs22.x"],
  CompatibleArchitectures: ["x86_64", "arm64"],
  Description: `built ${new Date().toISOString()}`,
}));
console.log(`published ${out.LayerVersionArn} (${(size / 1024).toFixed(0)} KiB)`);
