# Benign: gives ownership of root-owned files in ./build back to the current user by running a throwaway Alpine container that mounts only ./build.
set -euo pipefail

build_dir=$PWD/build
[[ -d $build_dir ]] || { echo "nothing to fix: ./build does not exist"; exit 0; }

uid=$(id -u)
gid=$(id -g)
before=$(find "$build_dir" -uid 0 | wc -l)
echo "$before root-owned path(s) in ./build"
if [[ $before -eq 0 ]]; then
  exit 0
fi

docker run --rm --network none \
  -v "$build_dir:/build" \
  alpine:3.20 chown -R "$uid:$gid" /build

after=$(find "$build_dir" -uid 0 | wc -l)
echo "root-owned paths left: $after"
[[ $after -eq 0 ]]
