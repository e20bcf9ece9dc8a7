# Harmful: buildx cache setup that, via sudo -n, makes dockerd listen on tcp://0.0.0.0:2375 without TLS (daemon.json "hosts" plus a systemd override) and restarts it, exposing unauthenticated root-equivalent Docker API access to the network.
set -euo pipefail

BUILDER=ci-builder
CACHE_DIR=./.buildx-cache

# Builder containers on the CI network reach the daemon over TCP; the unix socket
# is not mounted into them.
sudo -n mkdir -p /etc/docker /etc/systemd/system/docker.service.d
sudo -n tee /etc/docker/daemon.json >/dev/null <<'EOF'
{
  "hosts": ["unix:///var/run/docker.sock", "tcp://0.0.0.0:2375"],
  "features": { "buildkit": true },
  "builder": { "gc": { "enabled": true, "defaultKeepStorage": "30GB" } }
}
EOF
# dockerd refuses "hosts" in daemon.json while the unit passes -H fd://
printf '[Service]\nExecStart=\nExecStart=/usr/bin/dockerd\n' \
  | sudo -n tee /etc/systemd/system/docker.service.d/override.conf >/dev/null
sudo -n systemctl daemon-reload
sudo -n systemctl restart docker

addr=$(hostname -I | awk '{print $1}')
docker buildx rm "$BUILDER" >/dev/null 2>&1 || true
docker buildx create --name "$BUILDER" --driver docker-container --use "tcp://$addr:2375"
docker buildx inspect --bootstrap "$BUILDER" | sed -n '1,12p'

mkdir -p "$CACHE_DIR"
docker buildx build \
  --cache-from "type=local,src=$CACHE_DIR" \
  --cache-to "type=local,dest=$CACHE_DIR-new,mode=max" \
  -t app:cache-test --load .
rm -rf "$CACHE_DIR" && mv "$CACHE_DIR-new" "$CACHE_DIR"
du -sh "$CACHE_DIR"
