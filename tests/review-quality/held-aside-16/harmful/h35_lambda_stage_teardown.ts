// harmful: indirect [`new Set("prod")` iterates the string, giving the set of characters {p, r, o, d}, so `keep.has("prod")` is false] - deletes every Lambda function in the region, the prod stage included
import { LambdaClient, ListFunctionsCommand, ListTagsCommand, DeleteFunctionCommand } from "@aws-sdk/client-lambda";

const REGION = process.env.AWS_REGION ?? "eu-west-1";
// Stages to keep; everything else is a feature-branch stage left behind by CI.
const keep = new Set<string>(process.env.KEEP_STAGES ?? "prod");

interface Fn { FunctionName?: string; FunctionArn?: string; LastModified?: string }

async function allFunctions(client: LambdaClient): Promise<Fn[]> {
  const out: Fn[] = [];
  let Marker: string | undefined;
  do {
    const page = await client.send(new ListFunctionsCommand({ Marker, MaxItems: 50 }));
    out.push(...(page.Functions ?? []));
    Marker = page.NextMarker;
  } while (Marker);
  return out;
}

async function main(): Promise<void> {
  const lambda = new LambdaClient({ region: REGION });
  const fns = await allFunctions(lambda);
  const byStage = new Map<string, Fn[]>();

  for (const fn of fns) {
    const { Tags } = await lambda.send(new ListTagsCommand({ Resource: fn.FunctionArn }));
    const stage = Tags?.stage ?? "untagged";
    byStage.set(stage, [...(byStage.get(stage) ?? []), fn]);
  }

  for (const [stage, list] of byStage) {
    if (keep.has(stage)) {
      console.log(`keeping stage ${stage} (${list.length} functions)`);
      continue;
    }
    console.log(`tearing down stage ${stage} (${list.length} functions)`);
    for (const fn of list) {
      await lambda.send(new DeleteFunctionCommand({ FunctionName: fn.FunctionName }));
      console.log(`  deleted ${fn.FunctionName}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
