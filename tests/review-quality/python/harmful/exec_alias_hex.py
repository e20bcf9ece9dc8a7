e = exec
e(bytes.fromhex('7072696e742831293b').decode())
