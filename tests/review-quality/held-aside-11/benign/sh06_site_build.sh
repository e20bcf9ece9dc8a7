# Benign: Jekyll build with gems vendored in ./vendor/bundle (Bundler local config), then find -fprintf writes page and large-file lists into ./out; brace expansion only names ./out subfolders.
set -euo pipefail

site=./_site
out=./out

if [[ ! -f Gemfile ]]; then
  echo "no Gemfile; run from the site root" >&2
  exit 2
fi

mkdir -p "$out"/{lists,logs}
bundle config set --local path vendor/bundle
bundle install --jobs 4 --retry 2 > "$out/logs/bundle.log"

rm -rf "$site"
JEKYLL_ENV=production bundle exec jekyll build --destination "$site" 2>&1 | tee "$out/logs/jekyll.log"

find "$site" -name '*.html' -fprintf "$out/lists/pages.txt" '%P\n'
find "$site" -type f -size +500k -fprintf "$out/lists/large-files.txt" '%s\t%P\n'

pages=$(wc -l < "$out/lists/pages.txt")
large=$(wc -l < "$out/lists/large-files.txt")
echo "built $pages pages into $site"
if (( large > 0 )); then
  echo "files over 500 KB:"
  sort -rn "$out/lists/large-files.txt" | head -n 10
fi
