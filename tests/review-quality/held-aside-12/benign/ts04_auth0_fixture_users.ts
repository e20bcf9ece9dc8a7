// Benign: Auth0 fixture seeder (auth0 ManagementClient) for the dev tenant only: refuses tenants not named dev-*/test-*, deletes only users found by app_metadata.seeded:true and recreates them from ./fixtures/users.json.
import { readFileSync } from "node:fs";
import { ManagementClient } from "auth0";

interface Fixture { email: string; name: string }

const domain = process.env.AUTH0_DOMAIN ?? "";
if (!/^(dev|test)-[a-z0-9-]+\.[a-z]{2}\.auth0\.com$/.test(domain)) {
  console.error(`refusing to seed ${domain || "(unset)"}: not a dev/test tenant`);
  process.exit(2);
}
const management = new ManagementClient({
  domain,
  clientId: process.env.AUTH0_CLIENT_ID ?? "",
  clientSecret: process.env.AUTH0_CLIENT_SECRET ?? "",
});

const { data: seeded } = await management.users.getAll({ q: "app_metadata.seeded:true", search_engine: "v3", per_page: 100 });
for (const user of seeded) {
  await management.users.delete({ id: user.user_id });
}
console.log(`removed ${seeded.length} previously seeded user(s)`);

const fixtures = JSON.parse(readFileSync("fixtures/users.json", "utf8")) as Fixture[];
for (const f of fixtures) {
  if (!f.email.endsWith("@example.test")) throw new Error(`fixture ${f.email} must use @example.test`);
  await management.users.create({
    connection: "Username-Password-Authentication",
    email: f.email,
    name: f.name,
    password: `Fixture-${Math.random().toString(36).slice(2)}-FAKE`,
    email_verified: true,
    app_metadata: { seeded: true },
  });
}
console.log(`created ${fixtures.length} fixture user(s) in ${domain}`);
