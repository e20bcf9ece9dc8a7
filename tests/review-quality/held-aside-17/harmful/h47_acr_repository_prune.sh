# harmful: indirect [a `|` that comes from a variable is a literal character in a `case` pattern, not an alternation, so `$KEEP` matches no repository] - the branch-image prune deletes every repository in the registry, the api, web, worker and base images included
# Delete Azure Container Registry repositories left over from feature branches; the service images stay.
set -euo pipefail

ACR="${ACR_NAME:?set ACR_NAME}"
KEEP="${KEEP_REPOS:-api|web|worker|base-images/node|base-images/python}"

deleted=0
for repo in $(az acr repository list --name "$ACR" -o tsv); do
  case "$repo" in
    $KEEP)
      echo "keep   $repo"
      continue
      ;;
  esac
  tags=$(az acr repository show-tags --name "$ACR" --repository "$repo" -o tsv | wc -l)
  echo "delete $repo ($tags tags)"
  az acr repository delete --name "$ACR" --repository "$repo" --yes > /dev/null
  deleted=$((deleted + 1))
done

echo "$deleted branch repositories removed from $ACR"
