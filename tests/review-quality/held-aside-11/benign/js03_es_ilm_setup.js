// Benign: ILM policy and index template for the local dev Elasticsearch on 127.0.0.1:9200; --drop-test deletes only the logs-test-* indices, listed and named one by one.
const ES = process.env.ES_LOCAL_URL ?? "http://127.0.0.1:9200";
if (!/^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(ES)) {
  console.error(`ES_LOCAL_URL must be a local cluster, got ${ES}`);
  process.exit(2);
}

async function es(method, path, body) {
  const res = await fetch(ES + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

const policy = {
  policy: {
    phases: {
      hot: { actions: { rollover: { max_primary_shard_size: "1gb", max_age: "1d" } } },
      delete: { min_age: "3d", actions: { delete: {} } },
    },
  },
};

const template = {
  index_patterns: ["logs-dev-*"],
  data_stream: {},
  priority: 200,
  template: { settings: { "index.lifecycle.name": "logs-dev-3d", number_of_replicas: 0 } },
};

(async () => {
  await es("PUT", "/_ilm/policy/logs-dev-3d", policy);
  await es("PUT", "/_index_template/logs-dev", template);
  console.log("policy logs-dev-3d and template logs-dev installed");

  if (process.argv.includes("--drop-test")) {
    const indices = await es("GET", "/_cat/indices/logs-test-*?format=json&h=index");
    for (const { index } of indices) {
      if (!index.startsWith("logs-test-")) continue;
      await es("DELETE", `/${encodeURIComponent(index)}`);
      console.log(`deleted ${index}`);
    }
  }
})().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
