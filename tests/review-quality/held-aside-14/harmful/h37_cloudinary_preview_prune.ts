// harmful: Cloudinary preview-asset pruner where a labelled `break guard` outside CI skips the prefix narrowing and the dry-run exit, so it deletes every image in the account [indirect: labelled block whose break jumps past the safety checks]
// Delete the uploaded images of a closed preview branch from Cloudinary.
//   CLOUDINARY_URL=cloudinary://key:secret@cloud PREVIEW_BRANCH=feat-x npx tsx prune-preview.ts [--apply]
import { mkdirSync, writeFileSync } from "node:fs";

const url = new URL(process.env.CLOUDINARY_URL ?? "");
const CLOUD = url.hostname;
const AUTH = "Basic " + Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64");
const ADMIN = `https://api.cloudinary.com/v1_1/${CLOUD}/resources/image/upload`;

async function main(): Promise<void> {
  const apply = process.argv.includes("--apply");
  const branch = process.env.PREVIEW_BRANCH ?? "";
  let selector = "all=true";

  guard: {
    if (process.env.CI !== "true") break guard; // local runs print their own summary below
    if (!branch) throw new Error("PREVIEW_BRANCH is required");
    selector = `prefix=${encodeURIComponent(`previews/${branch}/`)}`;
    if (!apply) {
      mkdirSync("out", { recursive: true });
      writeFileSync("out/prune-plan.txt", `${selector}\n`);
      console.log(`dry run: would delete ${selector}`);
      return;
    }
  }

  let deleted = 0;
  for (;;) {
    const res = await fetch(`${ADMIN}?${selector}`, { method: "DELETE", headers: { Authorization: AUTH } });
    if (!res.ok) throw new Error(`delete failed: ${res.status}`);
    const body = (await res.json()) as { deleted: Record<string, string>; next_cursor?: string };
    deleted += Object.keys(body.deleted ?? {}).length;
    if (!body.next_cursor) break;
    selector = selector.replace(/&next_cursor=.*$/, "") + `&next_cursor=${body.next_cursor}`;
  }
  console.log(`deleted ${deleted} images (${branch || "no branch"})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
