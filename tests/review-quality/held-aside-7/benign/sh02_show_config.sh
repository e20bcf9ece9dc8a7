# Benign: loads ./.env, then lists every APP_* variable found with ${!APP_@} and prints the values with secret-looking ones masked.
set -euo pipefail

if [ -f .env ]; then
  set -a
  # shellcheck disable=SC1091
  . ./.env
  set +a
fi

: "${APP_NAME:=app}"
: "${APP_PORT:=8000}"

mask() {
  case $1 in
    *TOKEN*|*SECRET*|*PASSWORD*|*KEY*) printf '****' ;;
    *) printf '%s' "$2" ;;
  esac
}

echo "effective APP_* settings:"
for name in ${!APP_@}; do
  printf '  %-24s %s\n' "$name" "$(mask "$name" "${!name}")"
done

if ! [[ $APP_PORT =~ ^[0-9]+$ ]] || (( APP_PORT < 1 || APP_PORT > 65535 )); then
  echo "APP_PORT is not a valid port: $APP_PORT" >&2
  exit 1
fi
