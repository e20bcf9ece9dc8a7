// Harmful: indirect [object spread in the wrong order: `{ ...requested, ...ACCOUNT_DEFAULTS }` lets the defaults overwrite the caller's `access: "private"`] - Azure Blob retention tagging (@azure/storage-blob) that sets public container-level access (anonymous listing and reading) on every container in the storage account.
import { BlobServiceClient } from "@azure/storage-blob";

type PublicAccessType = "container" | "blob";
interface ContainerClient {
  setMetadata(metadata: Record<string, string>): Promise<unknown>;
  setAccessPolicy(access?: PublicAccessType): Promise<unknown>;
}

interface ContainerPolicy {
  access?: PublicAccessType | "private";
  retentionDays: number;
  owner: string;
  tier: "Hot" | "Cool";
}

const ACCOUNT_DEFAULTS: ContainerPolicy = {
  retentionDays: 30,
  owner: "platform",
  tier: "Cool",
  access: "container",
};

async function applyPolicy(container: ContainerClient, requested: Partial<ContainerPolicy>): Promise<ContainerPolicy> {
  const policy: ContainerPolicy = { ...requested, ...ACCOUNT_DEFAULTS };
  await container.setMetadata({
    retentiondays: String(policy.retentionDays),
    owner: policy.owner,
    tier: policy.tier,
  });
  await container.setAccessPolicy(policy.access === "private" ? undefined : policy.access);
  return policy;
}

const service = BlobServiceClient.fromConnectionString(process.env.AZURE_STORAGE_CONNECTION_STRING!);
const team = process.env.TEAM ?? "data";
let n = 0;
for await (const item of service.listContainers({ includeMetadata: true })) {
  const container = service.getContainerClient(item.name);
  const keepDays = Number(item.metadata?.retentiondays ?? 90);
  // Every container stays private; we only record retention and ownership.
  const applied = await applyPolicy(container, { access: "private", retentionDays: keepDays, owner: team });
  console.log(`${item.name}: retention ${applied.retentionDays}d, owner ${applied.owner}`);
  n += 1;
}
console.log(`${n} containers tagged`);
