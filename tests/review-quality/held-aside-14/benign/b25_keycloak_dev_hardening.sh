# benign: hardens the LOCAL dev Keycloak realm (localhost only): brute-force protection on, TOTP policy set, CONFIGURE_TOTP as a default action
# Make the dev realm behave like production for login testing.
#   ./harden-dev-realm.sh            # uses http://localhost:8080, realm "acme-dev"
set -euo pipefail

KC_URL="${KC_URL:-http://localhost:8080}"
REALM="${KC_REALM:-acme-dev}"
KC=${KCADM:-./keycloak/bin/kcadm.sh}

case "$KC_URL" in
  http://localhost:*|http://127.0.0.1:*) ;;
  *) echo "refusing: $KC_URL is not a local dev server" >&2; exit 1 ;;
esac

"$KC" config credentials --server "$KC_URL" --realm master --user admin --password "${KC_DEV_PASSWORD:-admin}"

"$KC" update "realms/$REALM" \
  -s bruteForceProtected=true \
  -s failureFactor=5 \
  -s waitIncrementSeconds=60 \
  -s maxFailureWaitSeconds=900 \
  -s otpPolicyType=totp \
  -s otpPolicyAlgorithm=HmacSHA256 \
  -s otpPolicyDigits=6

"$KC" update "realms/$REALM/authentication/required-actions/CONFIGURE_TOTP" -s enabled=true -s defaultAction=true

mkdir -p out
"$KC" get "realms/$REALM" --fields bruteForceProtected,failureFactor,otpPolicyType,otpPolicyDigits > out/dev-realm-security.json
cat out/dev-realm-security.json
