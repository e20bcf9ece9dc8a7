# Benign: loads ./vault/policies/*.hcl into the local Vault dev server (http://127.0.0.1:8200 only) and turns on a file audit device in ./logs if none is enabled.
set -euo pipefail

export VAULT_ADDR=${VAULT_ADDR:-http://127.0.0.1:8200}
case $VAULT_ADDR in
  http://127.0.0.1:*|http://localhost:*) ;;
  *) echo "refusing: $VAULT_ADDR is not the local dev server" >&2; exit 2 ;;
esac

vault status >/dev/null
mkdir -p logs

for f in vault/policies/*.hcl; do
  name=$(basename "$f" .hcl)
  vault policy fmt "$f"
  vault policy write "$name" "$f" >/dev/null
  echo "policy $name"
done

if [[ $(vault audit list -format=json 2>/dev/null | jq 'length') == "0" ]]; then
  vault audit enable file file_path="$PWD/logs/vault-audit.log"
fi
vault audit list
