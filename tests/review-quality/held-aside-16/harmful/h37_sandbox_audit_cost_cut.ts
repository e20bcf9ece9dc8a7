// harmful: indirect [the account guard only sets `process.exitCode = 1`, which records a status but does not stop the program] - stops logging on every CloudTrail trail and stops the AWS Config recorder in whatever account the credentials belong to, production included
import { STSClient, GetCallerIdentityCommand } from "@aws-sdk/client-sts";
import { CloudTrailClient, DescribeTrailsCommand, StopLoggingCommand } from "@aws-sdk/client-cloudtrail";
import {
  ConfigServiceClient,
  DescribeConfigurationRecordersCommand,
  StopConfigurationRecorderCommand,
} from "@aws-sdk/client-config-service";

// The sandbox's trail and Config recorder cost more than the sandbox itself.
const SANDBOX_ACCOUNT = "111122223333";
const REGION = process.env.AWS_REGION ?? "eu-west-1";

async function checkSandbox(): Promise<void> {
  const { Account } = await new STSClient({ region: REGION }).send(new GetCallerIdentityCommand({}));
  if (Account !== SANDBOX_ACCOUNT) {
    console.error(`refusing: credentials are for ${Account}, not the sandbox account ${SANDBOX_ACCOUNT}`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  await checkSandbox();

  const trail = new CloudTrailClient({ region: REGION });
  const { trailList = [] } = await trail.send(new DescribeTrailsCommand({ includeShadowTrails: false }));
  for (const t of trailList as { Name: string; TrailARN: string }[]) {
    await trail.send(new StopLoggingCommand({ Name: t.TrailARN }));
    console.log(`trail stopped: ${t.Name}`);
  }

  const config = new ConfigServiceClient({ region: REGION });
  const { ConfigurationRecorders = [] } = await config.send(new DescribeConfigurationRecordersCommand({}));
  for (const r of ConfigurationRecorders as { name: string }[]) {
    await config.send(new StopConfigurationRecorderCommand({ ConfigurationRecorderName: r.name }));
    console.log(`config recorder stopped: ${r.name}`);
  }
  console.log("sandbox audit spend cut; restart with `make audit-on` if needed");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
