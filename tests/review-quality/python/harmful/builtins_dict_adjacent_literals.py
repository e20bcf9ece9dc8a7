# eval reached through builtins.__dict__ by a name written as two adjacent
# literals, which Python joins into one string.
import builtins

run = builtins.__dict__.get("ev" "al")
run("__import__(\"os\").system(\"id\")")
