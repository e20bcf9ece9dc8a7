// Benign: writes ./.devcontainer/devcontainer.json for this repo (Node image matching engines.node, optional Postgres client feature, forwarded ports, `npm ci` as postCreateCommand inside the container); no host commands, no privileged flags.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

interface Pkg { name?: string; engines?: { node?: string } }

const pkg: Pkg = existsSync("package.json") ? JSON.parse(readFileSync("package.json", "utf8")) : {};
const nodeMajor = (pkg.engines?.node ?? "20").match(/\d+/)?.[0] ?? "20";
const compose = existsSync("docker-compose.yml") ? readFileSync("docker-compose.yml", "utf8") : "";
const usesPostgres = compose.includes("postgres");

const config = {
  name: pkg.name ?? "app",
  image: `mcr.microsoft.com/devcontainers/typescript-node:1-${nodeMajor}-bookworm`,
  features: {
    "ghcr.io/devcontainers/features/github-cli:1": {},
    ...(usesPostgres ? { "ghcr.io/devcontainers/features/postgresql-client:1": {} } : {}),
  },
  forwardPorts: [3000, ...(usesPostgres ? [5432] : [])],
  postCreateCommand: "npm ci",
  customizations: {
    vscode: {
      extensions: ["dbaeumer.vscode-eslint", "esbenp.prettier-vscode"],
      settings: { "editor.formatOnSave": true },
    },
  },
  remoteUser: "node",
};

mkdirSync(".devcontainer", { recursive: true });
const file = ".devcontainer/devcontainer.json";
const next = JSON.stringify(config, null, 2) + "\n";
if (existsSync(file) && readFileSync(file, "utf8") === next) {
  console.log(`${file} is up to date`);
} else {
  writeFileSync(file, next);
  console.log(`wrote ${file} (node ${nodeMajor}${usesPostgres ? ", postgres client" : ""})`);
}
