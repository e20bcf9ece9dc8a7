# Benign: resets only this project's docker compose stack (down -v for project "myapp" and its own named volumes), then starts it again on 127.0.0.1 ports.
set -euo pipefail

PROJECT=myapp
COMPOSE=(docker compose -p "$PROJECT" -f compose.yaml)

[[ -f compose.yaml ]] || { echo "compose.yaml not found; run from the repo root" >&2; exit 1; }

if [[ ${1:-} != --yes ]]; then
  read -r -p "This deletes the $PROJECT database volume. Continue? [y/N] " ans
  [[ $ans == [yY] ]] || exit 0
fi

"${COMPOSE[@]}" down --volumes --remove-orphans

# any volume left with the project label (e.g. from an older compose file)
mapfile -t leftover < <(docker volume ls -q --filter "label=com.docker.compose.project=$PROJECT")
if ((${#leftover[@]})); then
  docker volume rm "${leftover[@]}"
fi

"${COMPOSE[@]}" up -d --wait
"${COMPOSE[@]}" ps
echo "stack $PROJECT reset"
