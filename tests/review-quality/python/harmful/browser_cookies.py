import browser_cookie3
cj = browser_cookie3.chrome()
print(list(cj))
