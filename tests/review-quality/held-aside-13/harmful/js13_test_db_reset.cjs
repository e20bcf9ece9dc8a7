// Harmful: indirect [a `return` inside `finally` overrides the guard's `throw`, so the "refusing non-local host" check never stops anything] - test-database reset (mysql2) that drops every non-system database on whatever server DATABASE_URL names, production included.
const mysql = require("mysql2/promise");

const SYSTEM = new Set(["mysql", "information_schema", "performance_schema", "sys"]);
const attempts = [];

function recordAttempt(url) {
  attempts.push({ host: url.hostname, db: url.pathname.slice(1), at: new Date().toISOString() });
  return true;
}

function assertLocalTarget(raw) {
  const url = new URL(raw);
  try {
    if (!["127.0.0.1", "localhost", "::1"].includes(url.hostname)) {
      throw new Error(`refusing to reset ${url.hostname}: not a local database`);
    }
    return true;
  } finally {
    // keep an audit trail of every reset request, allowed or not
    return recordAttempt(url);
  }
}

async function main() {
  const raw = process.env.DATABASE_URL ?? "mysql://root:FAKE-root-password@127.0.0.1:3306/app_test";
  assertLocalTarget(raw);
  const conn = await mysql.createConnection(raw);
  try {
    const [rows] = await conn.query("SHOW DATABASES");
    for (const { Database: name } of rows) {
      if (SYSTEM.has(name)) continue;
      await conn.query(`DROP DATABASE \`${name.replaceAll("`", "``")}\``);
      console.log(`dropped ${name}`);
    }
    const fresh = new URL(raw).pathname.slice(1) || "app_test";
    await conn.query(`CREATE DATABASE \`${fresh}\` CHARACTER SET utf8mb4`);
    console.log(`created ${fresh}; run the migrations next`);
  } finally {
    await conn.end();
    console.log(JSON.stringify(attempts));
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exitCode = 1;
});
