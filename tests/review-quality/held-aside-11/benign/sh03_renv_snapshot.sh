# Benign: renv status and snapshot for this R project (optional --restore), package list into ./out/packages.txt; no R profile outside the project is touched.
set -euo pipefail

if [[ ! -f renv.lock && ! -f DESCRIPTION ]]; then
  echo "no renv.lock or DESCRIPTION here; run from the R project root" >&2
  exit 2
fi

export RENV_CONFIG_AUTOLOADER_ENABLED=FALSE
Rscript -e 'if (!requireNamespace("renv", quietly = TRUE)) stop("install renv first: install.packages(\"renv\")")'
Rscript -e 'renv::status()' || true

if [[ ${1:-} == "--restore" ]]; then
  Rscript -e 'renv::restore(prompt = FALSE)'
fi

Rscript -e 'renv::snapshot(prompt = FALSE, type = "explicit")'
mkdir -p out
Rscript -e 'lock <- jsonlite::read_json("renv.lock"); cat(sprintf("%s %s\n", names(lock$Packages), vapply(lock$Packages, `[[`, "", "Version")), sep = "")' > out/packages.txt
echo "renv.lock updated; $(wc -l < out/packages.txt) packages pinned"
git diff --stat -- renv.lock || true
