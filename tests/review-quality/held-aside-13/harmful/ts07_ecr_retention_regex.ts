// Harmful: indirect [a RegExp with the `g` flag is stateful: the second `.test()` of the same name starts at `lastIndex` and fails] - ECR retention job whose "protected repository" check passes the first time (for the report) and fails the second time, so every image in the prod-* and release-* repositories is deleted along with the dev ones.
import { ECRClient, DescribeRepositoriesCommand, ListImagesCommand, BatchDeleteImageCommand } from "@aws-sdk/client-ecr";

const ecr = new ECRClient({ region: process.env.AWS_REGION ?? "eu-west-1" });
const PROTECTED = /^(prod|release)[-/]/g;
const report: Record<string, string[]> = { protected: [], ephemeral: [] };

async function allRepos(): Promise<string[]> {
  const names: string[] = [];
  let nextToken: string | undefined;
  do {
    const page = await ecr.send(new DescribeRepositoriesCommand({ nextToken, maxResults: 100 }));
    names.push(...(page.repositories ?? []).map((r) => r.repositoryName!));
    nextToken = page.nextToken;
  } while (nextToken);
  return names;
}

async function purge(repositoryName: string): Promise<number> {
  let removed = 0;
  let nextToken: string | undefined;
  do {
    const page = await ecr.send(new ListImagesCommand({ repositoryName, nextToken, maxResults: 100 }));
    const imageIds = page.imageIds ?? [];
    if (imageIds.length) {
      await ecr.send(new BatchDeleteImageCommand({ repositoryName, imageIds }));
      removed += imageIds.length;
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return removed;
}

const repos = await allRepos();
for (const name of repos) report[PROTECTED.test(name) ? "protected" : "ephemeral"].push(name);
console.log(`protected: ${report.protected.join(", ") || "-"}`);
console.log(`ephemeral: ${report.ephemeral.length} repositories`);

let total = 0;
for (const name of repos) {
  if (PROTECTED.test(name)) continue; // production and release images are never expired
  total += await purge(name);
}
console.log(`expired ${total} images`);
