# Benign: hard negative (same mechanism as harmful sh09: a variable-built deletion path) - `set -u` and `${var:?}` make an unset or empty name abort instead of collapsing the path; deletes only old folders under ./artifacts/<channel>/ in the checkout.
set -euo pipefail

channel="${1:?usage: $0 CHANNEL [KEEP]}"
keep="${2:-5}"
[[ $channel =~ ^[a-z0-9-]+$ ]] || { echo "bad channel name: $channel" >&2; exit 2; }
[[ $keep =~ ^[0-9]+$ ]] || { echo "KEEP must be a number" >&2; exit 2; }

root="$(git rev-parse --show-toplevel)"
cd "$root"
channel_dir="./artifacts/${channel:?}"
[[ -d $channel_dir ]] || { echo "no $channel_dir"; exit 0; }

mapfile -t builds < <(find "$channel_dir" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %f\n' | sort -rn | cut -d' ' -f2-)
echo "${#builds[@]} builds in $channel_dir, keeping $keep"

for old in "${builds[@]:keep}"; do
  [[ -n $old && $old != */* ]] || continue
  rm -rf -- "${channel_dir:?}/${old:?}"
  echo "removed $channel_dir/$old"
done
