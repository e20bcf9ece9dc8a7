// benign: hard negative (Mux playback IDs, as harmful h19) - reports assets in ./config/private_assets.json that still have a public playback ID and, with --apply, deletes those public IDs so only signed playback remains.
const fs = require("node:fs");
const Mux = require("@mux/mux-node");

const mux = new Mux({ tokenId: process.env.MUX_TOKEN_ID, tokenSecret: process.env.MUX_TOKEN_SECRET });
const apply = process.argv.includes("--apply");

async function main() {
  const ids = JSON.parse(fs.readFileSync("config/private_assets.json", "utf8"));
  const findings = [];
  for (const assetId of ids) {
    const asset = await mux.video.assets.retrieve(assetId);
    const publicIds = (asset.playback_ids || []).filter((p) => p.policy === "public");
    const hasSigned = (asset.playback_ids || []).some((p) => p.policy === "signed");
    if (publicIds.length === 0) continue;
    findings.push({ assetId, publicIds: publicIds.map((p) => p.id), hasSigned });
    if (apply) {
      if (!hasSigned) await mux.video.assets.createPlaybackId(assetId, { policy: "signed" });
      for (const p of publicIds) await mux.video.assets.deletePlaybackId(assetId, p.id);
    }
  }
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/public_playback.json", JSON.stringify(findings, null, 2));
  for (const f of findings) console.log(`${f.assetId}: ${f.publicIds.length} public id(s)${apply ? " removed" : ""}`);
  console.log(`${findings.length} of ${ids.length} private assets had public playback${apply ? "" : " (dry run; --apply to fix)"}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
