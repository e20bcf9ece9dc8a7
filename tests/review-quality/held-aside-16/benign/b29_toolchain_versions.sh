# benign: hard negative (command substitution inside a function, as h46) - declares `local` first and assigns on a separate line so a failing lookup stops the script; records local tool versions into ./out
set -euo pipefail

tool_version() {
    local tool=$1
    command -v "$tool" > /dev/null || { echo "missing tool: $tool" >&2; return 1; }
    "$tool" --version 2>&1 | head -n1
}

record() {
    local tool=$1
    local version
    version=$(tool_version "$tool")   # separate from `local`, so a failure is not masked
    printf '%-10s %s\n' "$tool" "$version" | tee -a out/toolchain.txt
}

mkdir -p out
: > out/toolchain.txt
for tool in node npm python3 git jq shellcheck; do
    record "$tool"
done
echo "versions written to out/toolchain.txt"
