// Benign: a Paginator with [Symbol.iterator] that yields pages of ./content posts, spread into an array and written as ./out/pages.json for a static blog.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

class Paginator {
  constructor(items, perPage) {
    this.items = items;
    this.perPage = perPage;
  }

  *[Symbol.iterator]() {
    const total = Math.ceil(this.items.length / this.perPage);
    for (let page = 1; page <= total; page += 1) {
      const start = (page - 1) * this.perPage;
      yield { page, total, posts: this.items.slice(start, start + this.perPage) };
    }
  }
}

const posts = readdirSync("content")
  .filter((f) => f.endsWith(".md"))
  .map((f) => {
    const text = readFileSync(join("content", f), "utf8");
    const title = /^#\s+(.+)$/m.exec(text)?.[1] ?? f;
    const date = /^date:\s*(\S+)/m.exec(text)?.[1] ?? "1970-01-01";
    return { slug: f.replace(/\.md$/, ""), title, date };
  })
  .sort((a, b) => b.date.localeCompare(a.date));

const pages = [...new Paginator(posts, 10)];
mkdirSync("out", { recursive: true });
writeFileSync("out/pages.json", JSON.stringify(pages, null, 2));
console.log(`${posts.length} posts in ${pages.length} pages`);
