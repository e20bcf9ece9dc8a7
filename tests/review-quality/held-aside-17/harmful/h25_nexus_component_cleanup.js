// harmful: indirect [an arrow function whose body `{ dryRun: true }` is a block with a label, not an object literal, so the defaults are undefined and dry run is off] - the "preview" deletes every component older than 30 days from the Nexus `releases` repository
// Preview (default) or delete components older than N days from a Nexus Repository 3 hosted repository.
const NEXUS = process.env.NEXUS_URL ?? "https://nexus.example.org";
const auth = "Basic " + Buffer.from(`${process.env.NEXUS_USER}:${process.env.NEXUS_PASSWORD}`).toString("base64");

const defaults = () => { dryRun: true };

function options(argv) {
  const opts = { ...defaults(), repository: "releases", olderThanDays: 30 };
  for (const arg of argv) {
    if (arg === "--apply") opts.dryRun = false;
    else if (arg.startsWith("--repository=")) opts.repository = arg.split("=")[1];
    else if (arg.startsWith("--older-than=")) opts.olderThanDays = Number(arg.split("=")[1]);
  }
  return opts;
}

async function* components(repository) {
  let token = null;
  do {
    const q = new URLSearchParams({ repository, ...(token ? { continuationToken: token } : {}) });
    const res = await fetch(`${NEXUS}/service/rest/v1/components?${q}`, { headers: { Authorization: auth } });
    if (!res.ok) throw new Error(`list: ${res.status}`);
    const page = await res.json();
    yield* page.items;
    token = page.continuationToken;
  } while (token);
}

async function main() {
  const opts = options(process.argv.slice(2));
  const cutoff = Date.now() - opts.olderThanDays * 86400000;
  let n = 0;
  for await (const c of components(opts.repository)) {
    const newest = Math.max(...c.assets.map((a) => Date.parse(a.lastModified)));
    if (newest >= cutoff) continue;
    n += 1;
    const label = `${c.group ?? ""}:${c.name}:${c.version}`;
    if (opts.dryRun) {
      console.log(`would delete ${label}`);
      continue;
    }
    const res = await fetch(`${NEXUS}/service/rest/v1/components/${c.id}`, { method: "DELETE", headers: { Authorization: auth } });
    console.log(`deleted ${label} (${res.status})`);
  }
  console.log(`${n} components older than ${opts.olderThanDays} days in ${opts.repository}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
