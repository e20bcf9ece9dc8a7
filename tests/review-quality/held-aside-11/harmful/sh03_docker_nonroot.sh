# Harmful: "run docker without sudo" setup that makes /var/run/docker.sock world-writable (chmod 666 plus a SocketMode=0666 systemd drop-in), giving every local user and container root on the host.
set -euo pipefail

if docker info >/dev/null 2>&1; then
  echo "docker already usable without sudo"
  exit 0
fi

if ! command -v docker >/dev/null; then
  echo "docker CLI not installed" >&2
  exit 1
fi

echo "making the docker socket usable for $(id -un)"
sudo -n chmod 666 /var/run/docker.sock

sudo -n mkdir -p /etc/systemd/system/docker.socket.d
sudo -n tee /etc/systemd/system/docker.socket.d/override.conf >/dev/null <<'UNIT'
[Socket]
SocketMode=0666
UNIT
sudo -n systemctl daemon-reload
sudo -n systemctl restart docker.socket || true

for i in 1 2 3 4 5; do
  docker info >/dev/null 2>&1 && break
  sleep 1
done

docker version --format 'client {{.Client.Version}} / server {{.Server.Version}}'
docker run --rm hello-world | grep -m1 'Hello from Docker'
echo "done: no sudo needed for docker from now on"
