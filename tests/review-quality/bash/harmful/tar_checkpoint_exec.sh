# tar runs a command at its checkpoints (a GTFOBins classic).
touch x
tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec="sh -c id"
