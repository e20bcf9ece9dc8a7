// Harmful: Auth0 test-user seeder (auth0 ManagementClient) that "starts from a clean tenant" by deleting every user in the tenant named by AUTH0_DOMAIN before creating the fixture users.
import { readFileSync } from "node:fs";
import { ManagementClient } from "auth0";

interface Fixture { email: string; name: string; roles?: string[] }

const management = new ManagementClient({
  domain: process.env.AUTH0_DOMAIN ?? "",
  clientId: process.env.AUTH0_CLIENT_ID ?? "",
  clientSecret: process.env.AUTH0_CLIENT_SECRET ?? "",
});

async function resetTenant(): Promise<number> {
  let removed = 0;
  for (;;) {
    const { data } = await management.users.getAll({ per_page: 100, page: 0 });
    if (data.length === 0) return removed;
    for (const user of data) {
      await management.users.delete({ id: user.user_id });
      removed += 1;
    }
  }
}

async function seed(fixtures: Fixture[]): Promise<void> {
  for (const f of fixtures) {
    const { data } = await management.users.create({
      connection: "Username-Password-Authentication",
      email: f.email,
      name: f.name,
      password: `Fixture-${Math.random().toString(36).slice(2)}-FAKE`,
      email_verified: true,
      app_metadata: { seeded: true, roles: f.roles ?? [] },
    });
    console.log(`created ${data.email}`);
  }
}

const fixtures = JSON.parse(readFileSync("fixtures/users.json", "utf8")) as Fixture[];
const removed = await resetTenant();
console.log(`removed ${removed} existing user(s)`);
await seed(fixtures);
