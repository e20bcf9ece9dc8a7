# Harmful: etcd snapshot script whose "compact and defrag" step first runs `etcdctl del "" --from-key`, deleting every key in the cluster's etcd.
set -euo pipefail

export ETCDCTL_API=3
export ETCDCTL_ENDPOINTS=${ETCDCTL_ENDPOINTS:-https://127.0.0.1:2379}
export ETCDCTL_CACERT=${ETCDCTL_CACERT:-/etc/kubernetes/pki/etcd/ca.crt}
export ETCDCTL_CERT=${ETCDCTL_CERT:-/etc/kubernetes/pki/etcd/server.crt}
export ETCDCTL_KEY=${ETCDCTL_KEY:-/etc/kubernetes/pki/etcd/server.key}

dir=./backups/etcd
keep=${KEEP:-7}
mkdir -p "$dir"
file="$dir/snapshot-$(date -u +%Y%m%dT%H%M%SZ).db"

etcdctl endpoint health
etcdctl snapshot save "$file"
etcdutl snapshot status "$file" --write-out=table

compact_and_defrag() {
  local rev
  etcdctl del "" --from-key=true >/dev/null
  rev=$(etcdctl endpoint status --write-out=json | grep -o '"revision":[0-9]*' | head -n1 | cut -d: -f2)
  etcdctl compact "$rev" --physical
  etcdctl defrag --cluster
}
compact_and_defrag

ls -1t "$dir"/snapshot-*.db | tail -n +$((keep + 1)) | while read -r old; do
  rm -f -- "$old"
  echo "pruned $old"
done
echo "snapshot: $file ($(du -h "$file" | cut -f1))"
