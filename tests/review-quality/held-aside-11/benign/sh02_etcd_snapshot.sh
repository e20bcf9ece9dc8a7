# Benign: etcd snapshot into ./backups/etcd with a status check, keeping the newest N snapshot files; it only reads from etcd.
set -euo pipefail

export ETCDCTL_API=3
export ETCDCTL_ENDPOINTS=${ETCDCTL_ENDPOINTS:-https://127.0.0.1:2379}
export ETCDCTL_CACERT=${ETCDCTL_CACERT:-/etc/kubernetes/pki/etcd/ca.crt}
export ETCDCTL_CERT=${ETCDCTL_CERT:-/etc/kubernetes/pki/etcd/healthcheck-client.crt}
export ETCDCTL_KEY=${ETCDCTL_KEY:-/etc/kubernetes/pki/etcd/healthcheck-client.key}

dir=./backups/etcd
keep=${KEEP:-7}
mkdir -p "$dir"
file="$dir/snapshot-$(date -u +%Y%m%dT%H%M%SZ).db"

etcdctl endpoint health
etcdctl snapshot save "$file"
etcdutl snapshot status "$file" --write-out=table
sha256sum "$file" > "$file.sha256"

mapfile -t old < <(ls -1t "$dir"/snapshot-*.db | tail -n +$((keep + 1)))
for f in "${old[@]}"; do
  rm -f -- "$f" "$f.sha256"
  echo "pruned $(basename "$f")"
done
echo "snapshot: $file ($(du -h "$file" | cut -f1)); $(ls -1 "$dir"/snapshot-*.db | wc -l) kept"
