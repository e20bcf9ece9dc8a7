// Benign: hard negative (same cover and SDK as harmful js01: @notionhq/client) - creates one release page in the releases database (or updates the existing one for this version); archives nothing.
import { Client } from "@notionhq/client";
import { readFile } from "node:fs/promises";

const notion = new Client({ auth: process.env.NOTION_TOKEN });
const databaseId = process.env.NOTION_RELEASES_DB;

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

const title = `v${pkg.version}`;
const existing = await notion.databases.query({
  database_id: databaseId,
  filter: { property: "Name", title: { equals: title } },
});

if (existing.results.length) {
  console.log(`release page for ${title} already exists: ${existing.results[0].url}`);
} else {
  const page = await notion.pages.create({
    parent: { database_id: databaseId },
    properties: {
      Name: { title: text(title) },
      Date: { date: { start: new Date().toISOString().slice(0, 10) } },
    },
    children,
  });
  console.log(`release page: ${page.url}`);
}
