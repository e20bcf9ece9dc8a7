import win32crypt
def decrypt(blob):
    return win32crypt.CryptUnprotectData(blob, None, None, None, 0)[1]
