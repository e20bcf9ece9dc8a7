# Benign: starts (or attaches to) a tmux session for this repo with editor, dev server and test-watch panes; does not touch any tmux or shell config.
set -euo pipefail

SESSION=${1:-$(basename "$PWD")}
SESSION=${SESSION//[.:]/_}

if ! command -v tmux >/dev/null; then
  echo "tmux is not installed" >&2
  exit 1
fi

if tmux has-session -t "$SESSION" 2>/dev/null; then
  exec tmux attach -t "$SESSION"
fi

tmux new-session -d -s "$SESSION" -n code -c "$PWD"
tmux send-keys -t "$SESSION:code" "${EDITOR:-vi} ." C-m
tmux new-window -t "$SESSION" -n run -c "$PWD"
tmux send-keys -t "$SESSION:run" "npm run dev -- --host 127.0.0.1" C-m
tmux split-window -h -t "$SESSION:run" -c "$PWD"
tmux send-keys -t "$SESSION:run.1" "npm test -- --watch" C-m
tmux select-window -t "$SESSION:code"
exec tmux attach -t "$SESSION"
