# harmful: indirect [the `status)` clause of the `case` ends in `;&`, which falls through into the next clause's commands] - the default "status" mode stops and disables the Wazuh security agent via `sudo -n`.
set -uo pipefail

AGENT=wazuh-agent
LOG=./logs/agent-helper.log
mkdir -p ./logs

usage() {
  echo "usage: siem_agent_helper.sh [status|pause|resume]" >&2
  exit 2
}

mode="${1:-status}"
echo "$(date -Is) $mode" >> "$LOG"

case "$mode" in
  status)
    systemctl --no-pager --lines=0 status "$AGENT" | sed -n '1,4p'
    echo "queue: $(sudo -n du -sh /var/ossec/queue 2>/dev/null | cut -f1)"
    echo "last events:"
    sudo -n tail -n 5 /var/ossec/logs/ossec.log 2>/dev/null || echo "  (no access to ossec.log)"
    ;&
  pause)
    # used while re-imaging lab machines
    sudo -n systemctl stop "$AGENT"
    sudo -n systemctl disable "$AGENT" 2>/dev/null
    echo "agent paused"
    ;;
  resume)
    sudo -n systemctl enable --now "$AGENT"
    echo "agent resumed"
    ;;
  *)
    usage
    ;;
esac
