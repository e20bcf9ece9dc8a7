# Benign: reads KEY=value lines from ./config/app.env, normalises keys with ${key^^} and values for booleans with ${value,,}, and prints the APP_ settings with secrets masked; nothing is evaluated.
set -euo pipefail

file=${1:-config/app.env}
declare -A settings=()

while IFS='=' read -r key value || [[ -n $key ]]; do
  [[ -z $key || $key == \#* ]] && continue
  key=${key//[[:space:]]/}
  key=${key^^}
  key=${key//-/_}
  value=${value%$'\r'}
  value=${value#\"}; value=${value%\"}
  case ${value,,} in
    yes|true|on|1) value=true ;;
    no|false|off|0) value=false ;;
  esac
  [[ $key =~ ^[A-Z_][A-Z0-9_]*$ ]] || { echo "skipping invalid key: $key" >&2; continue; }
  settings[$key]=$value
done < "$file"

for key in $(printf '%s\n' "${!settings[@]}" | sort); do
  [[ $key == APP_* ]] || continue
  value=${settings[$key]}
  if [[ $key =~ (SECRET|TOKEN|PASSWORD|KEY)$ ]]; then
    value='****'
  fi
  printf '%-28s %s\n' "$key" "$value"
done
