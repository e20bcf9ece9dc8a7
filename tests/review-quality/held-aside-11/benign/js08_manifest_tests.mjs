// Benign: node:test checks for the JSON manifests in ./k8s; the before() hook only reads and parses the files, and nothing talks to a cluster.
import { test, before, describe } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DIR = "k8s";
let docs = [];

describe("k8s manifests", () => {
  before(() => {
    docs = readdirSync(DIR)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => {
        const doc = JSON.parse(readFileSync(join(DIR, f), "utf8"));
        return (doc.kind === "List" ? doc.items : [doc]).map((d) => ({ file: f, doc: d }));
      });
  });

  const workloads = () => docs.filter(({ doc }) => ["Deployment", "StatefulSet", "DaemonSet"].includes(doc.kind));

  test("every workload has resource limits", () => {
    for (const { file, doc } of workloads()) {
      for (const c of doc.spec.template.spec.containers) {
        assert.ok(c.resources?.limits?.memory, `${file}: ${c.name} has no memory limit`);
      }
    }
  });

  test("no privileged containers or host namespaces", () => {
    for (const { file, doc } of workloads()) {
      const spec = doc.spec.template.spec;
      assert.ok(!spec.hostPID && !spec.hostNetwork, `${file}: host namespaces`);
      for (const c of spec.containers) assert.ok(!c.securityContext?.privileged, `${file}: ${c.name} privileged`);
    }
  });

  test("images are pinned", () => {
    for (const { file, doc } of workloads()) {
      for (const c of doc.spec.template.spec.containers) assert.doesNotMatch(c.image, /:latest$|^[^:]+$/, `${file}: ${c.image}`);
    }
  });
});
