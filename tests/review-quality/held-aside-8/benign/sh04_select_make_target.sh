# Benign: menu of fixed make targets with select; in CI the choice comes from MAKE_CHOICE through a here-string, and the chosen target runs with make.
set -euo pipefail

targets=(build test lint docs)
PS3='target> '

run_choice() {
  select t in "${targets[@]}" quit; do
    if [[ $t == quit || -z ${t:-} ]]; then
      echo "nothing to do"
      return 0
    fi
    echo "== make $t"
    make "$t"
    return
  done
}

if [[ -n ${MAKE_CHOICE:-} ]]; then
  [[ $MAKE_CHOICE =~ ^[1-5]$ ]] || { echo "MAKE_CHOICE must be 1-5" >&2; exit 2; }
  run_choice <<< "$MAKE_CHOICE"
else
  run_choice
fi
