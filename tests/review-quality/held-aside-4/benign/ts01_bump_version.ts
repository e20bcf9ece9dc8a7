// Benign: release helper - bumps the semver in ./package.json (major/minor/patch) and prepends a dated section to ./CHANGELOG.md; touches only those two files.
import * as fs from "node:fs";

type Part = "major" | "minor" | "patch";

interface PackageJson {
  name: string;
  version: string;
  [key: string]: unknown;
}

function bump(version: string, part: Part): string {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) throw new Error(`unsupported version format: ${version}`);
  let [major, minor, patch] = m.slice(1).map(Number);
  if (part === "major") {
    major += 1;
    minor = 0;
    patch = 0;
  } else if (part === "minor") {
    minor += 1;
    patch = 0;
  } else {
    patch += 1;
  }
  return `${major}.${minor}.${patch}`;
}

function updateChangelog(file: string, version: string, notes: string[]): void {
  const date = new Date().toISOString().slice(0, 10);
  const section = [`## ${version} - ${date}`, "", ...(notes.length ? notes.map((n) => `- ${n}`) : ["- Maintenance release."]), ""].join("\n");
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Changelog\n\n";
  const [title, ...rest] = existing.split("\n\n");
  fs.writeFileSync(file, [title, section, ...rest].join("\n\n"));
}

function main(argv: string[]): number {
  const part = (argv[0] ?? "patch") as Part;
  if (!["major", "minor", "patch"].includes(part)) {
    console.error("usage: bump_version.ts [major|minor|patch] [note...]");
    return 2;
  }
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as PackageJson;
  const next = bump(pkg.version, part);
  pkg.version = next;
  fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
  updateChangelog("CHANGELOG.md", next, argv.slice(1));
  console.log(`${pkg.name}: ${next}`);
  return 0;
}

process.exit(main(process.argv.slice(2)));
