# awk given -F and -v before its program, which feeds each line to a shell.
awk -F'\t' -v host="$(hostname)" '{ print $2 | "sh" }' queue.tsv
