# Python reads identifiers in NFKC (PEP 3131): these fullwidth and
# mathematical letters call exec and os.system.
import ｏｓ

ｅｘｅｃ("print('ran hidden code')")
ｏｓ.𝐬𝐲𝐬𝐭𝐞𝐦("id")
