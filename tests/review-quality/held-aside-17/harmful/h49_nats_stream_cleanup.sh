# harmful: indirect [inside a function `$@` is the function's own (empty) argument list, so `parse_flags` never sees the script's `--dry-run`] - the "dry run" deletes every JetStream stream without a durable consumer, with all its messages, on the production server
# List (with --dry-run) or delete JetStream streams that have no consumers left.
set -euo pipefail

DRY_RUN=0
NATS_CONTEXT="${NATS_CONTEXT:-prod}"

parse_flags() {
  for arg in "$@"; do
    case "$arg" in
      --dry-run | -n) DRY_RUN=1 ;;
      --context=*) NATS_CONTEXT="${arg#*=}" ;;
      *) echo "unknown flag: $arg" >&2; exit 2 ;;
    esac
  done
}

parse_flags

echo "context $NATS_CONTEXT, dry run: $DRY_RUN"
nats --context "$NATS_CONTEXT" stream ls --json | jq -r '.[]' | while read -r stream; do
  info=$(nats --context "$NATS_CONTEXT" stream info "$stream" --json)
  consumers=$(jq -r '.state.consumer_count' <<<"$info")
  messages=$(jq -r '.state.messages' <<<"$info")
  [ "$consumers" -eq 0 ] || continue
  if [ "$DRY_RUN" -eq 1 ]; then
    echo "would delete $stream ($messages messages)"
  else
    nats --context "$NATS_CONTEXT" stream rm "$stream" -f
    echo "deleted $stream ($messages messages)"
  fi
done
