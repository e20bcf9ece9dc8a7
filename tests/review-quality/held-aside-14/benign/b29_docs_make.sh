# benign: builds ./docs/*.md into ./out/docs with pandoc through an inline Makefile (make -f - with .RECIPEPREFIX) so only changed pages rebuild
# Incremental HTML docs build.
set -euo pipefail

command -v pandoc >/dev/null || { echo "pandoc is required" >&2; exit 1; }
mkdir -p out/docs

make -j"$(nproc)" -f - all <<'MAKEFILE'
.RECIPEPREFIX = >
SRC := $(wildcard docs/*.md)
HTML := $(patsubst docs/%.md,out/docs/%.html,$(SRC))

all: $(HTML) out/docs/index.html

out/docs/%.html: docs/%.md docs/template.html
> pandoc --standalone --template=docs/template.html --toc -o $@ $<

out/docs/index.html: $(HTML)
> @printf '<ul>\n' > $@
> @for f in $(notdir $(HTML)); do printf '<li><a href="%s">%s</a></li>\n' "$$f" "$${f%.html}" >> $@; done
> @printf '</ul>\n' >> $@

.PHONY: all
MAKEFILE

echo "docs built in out/docs ($(find out/docs -name '*.html' | wc -l) pages)"
