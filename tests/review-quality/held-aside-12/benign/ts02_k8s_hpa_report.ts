// Benign: read-only HorizontalPodAutoscaler report (@kubernetes/client-node) for one namespace, flagging autoscalers pinned at maxReplicas; it writes ./out/hpa.json and changes nothing in the cluster.
import { mkdirSync, writeFileSync } from "node:fs";
import * as k8s from "@kubernetes/client-node";

const namespace = process.argv[2] ?? process.env.NAMESPACE ?? "default";
const kc = new k8s.KubeConfig();
kc.loadFromDefault();
const autoscaling = kc.makeApiClient(k8s.AutoscalingV2Api);

interface Row { name: string; min: number; max: number; current: number; desired: number; pinned: boolean }

const list = await autoscaling.listNamespacedHorizontalPodAutoscaler({ namespace });
const rows: Row[] = list.items.map((h: any) => {
  const max = h.spec.maxReplicas;
  const current = h.status?.currentReplicas ?? 0;
  return {
    name: h.metadata.name,
    min: h.spec.minReplicas ?? 1,
    max,
    current,
    desired: h.status?.desiredReplicas ?? 0,
    pinned: current >= max,
  };
});

for (const r of rows) {
  console.log(`${r.name.padEnd(32)} ${String(r.current).padStart(3)} of ${r.min}-${r.max}${r.pinned ? "  <- pinned at max" : ""}`);
}
mkdirSync("out", { recursive: true });
writeFileSync("out/hpa.json", JSON.stringify({ namespace, rows }, null, 2));
console.log(`${rows.length} autoscaler(s) in ${namespace}, ${rows.filter((r) => r.pinned).length} pinned`);
