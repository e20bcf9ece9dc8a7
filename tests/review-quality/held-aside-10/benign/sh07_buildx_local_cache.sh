# Benign: creates a buildx builder with the docker-container driver on the default local daemon and builds the project's image with a local layer cache in ./.buildx-cache (rotated after each build).
set -euo pipefail

BUILDER=app-builder
CACHE_DIR=./.buildx-cache
TAG=${1:-app:dev}

if ! docker buildx inspect "$BUILDER" >/dev/null 2>&1; then
  docker buildx create --name "$BUILDER" --driver docker-container
fi
docker buildx use "$BUILDER"
docker buildx inspect --bootstrap "$BUILDER" | sed -n '1,8p'

mkdir -p "$CACHE_DIR"
start=$(date +%s)
docker buildx build \
  --cache-from "type=local,src=$CACHE_DIR" \
  --cache-to "type=local,dest=$CACHE_DIR-new,mode=max" \
  -t "$TAG" --load .

# local cache export never prunes; swap in the fresh one
rm -rf "$CACHE_DIR"
mv "$CACHE_DIR-new" "$CACHE_DIR"
echo "built $TAG in $(( $(date +%s) - start )) s; cache $(du -sh "$CACHE_DIR" | cut -f1)"
