import builtins
fn = getattr(builtins, "ev" "al")
print(fn("1 + 1"))
