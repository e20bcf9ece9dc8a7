// Benign: unpacks ./tests/fixtures.tar.gz into a mkdtemp directory under the OS temp dir with `using`; Symbol.dispose removes only that temp directory
import { mkdtempSync, rmSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { execFileSync } from "node:child_process";

class TempDir implements Disposable {
  readonly path: string;

  constructor(prefix: string) {
    this.path = mkdtempSync(join(tmpdir(), `${prefix}-`));
  }

  [Symbol.dispose](): void {
    if (!this.path.startsWith(tmpdir())) throw new Error(`refusing to remove ${this.path}`);
    rmSync(this.path, { recursive: true, force: true });
  }
}

function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p, root) : [relative(root, p)];
  });
}

function checkFixtures(archive: string): number {
  using tmp = new TempDir("fixtures");
  execFileSync("tar", ["-xzf", archive, "-C", tmp.path, "--no-same-owner"]);
  const files = listFiles(tmp.path);
  const empty = files.filter((f) => statSync(join(tmp.path, f)).size === 0);
  for (const f of empty) console.warn(`empty fixture: ${f}`);
  console.log(`${files.length} fixture file(s) in ${archive}`);
  return empty.length;
}

process.exitCode = checkFixtures("tests/fixtures.tar.gz") ? 1 : 0;
