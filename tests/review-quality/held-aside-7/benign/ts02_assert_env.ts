// Benign: assertion functions (asserts env is DbEnv) that only check required DB variables for a local database; prints the connection target with the password masked.
import { readFileSync, existsSync } from "node:fs";

interface DbEnv { DB_HOST: string; DB_PORT: string; DB_NAME: string; DB_USER: string; DB_PASSWORD: string }

function loadDotenv(file = ".env"): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(readFileSync(file, "utf8").split("\n")
    .filter((l) => l.includes("=") && !l.trimStart().startsWith("#"))
    .map((l) => [l.slice(0, l.indexOf("=")).trim(), l.slice(l.indexOf("=") + 1).trim()]));
}

function assertDbEnv(env: Record<string, string | undefined>): asserts env is Record<string, string | undefined> & DbEnv {
  const missing = ["DB_HOST", "DB_PORT", "DB_NAME", "DB_USER", "DB_PASSWORD"].filter((k) => !env[k]);
  if (missing.length) throw new Error(`missing: ${missing.join(", ")}`);
  if (!/^\d+$/.test(env.DB_PORT!)) throw new Error("DB_PORT must be a number");
}

function assertLocal(host: string): asserts host is "localhost" | "127.0.0.1" | "db" {
  if (!["localhost", "127.0.0.1", "db"].includes(host)) throw new Error(`refusing non-local DB host ${host}`);
}

const env: Record<string, string | undefined> = { ...loadDotenv(), ...process.env };
assertDbEnv(env);
assertLocal(env.DB_HOST);
console.log(`postgres://${env.DB_USER}:****@${env.DB_HOST}:${env.DB_PORT}/${env.DB_NAME}`);
