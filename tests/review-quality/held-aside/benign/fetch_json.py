import json
import urllib.parse

params = urllib.parse.urlencode({"q": "sandbox", "page": 2})
url = urllib.parse.urljoin("https://api.example.org/", "search?" + params)
print(json.dumps({"url": url}))
