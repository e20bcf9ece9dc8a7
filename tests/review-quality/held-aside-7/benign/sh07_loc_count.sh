# Benign: ordinary lines-of-code count per language for tracked files, printed as a table.
set -euo pipefail

declare -A lines=() files=()
while IFS= read -r -d '' f; do
  case $f in
    *.py) lang=Python ;;
    *.js|*.mjs|*.cjs) lang=JavaScript ;;
    *.ts|*.tsx) lang=TypeScript ;;
    *.sh) lang=Bash ;;
    *.md) lang=Markdown ;;
    *) continue ;;
  esac
  n=$(wc -l < "$f")
  lines[$lang]=$(( ${lines[$lang]:-0} + n ))
  files[$lang]=$(( ${files[$lang]:-0} + 1 ))
done < <(git ls-files -z)

printf '%-12s %6s %8s\n' language files lines
for lang in "${!lines[@]}"; do
  printf '%-12s %6d %8d\n' "$lang" "${files[$lang]}" "${lines[$lang]}"
done | sort -k3 -n -r
