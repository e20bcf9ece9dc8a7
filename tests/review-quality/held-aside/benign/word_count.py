import re
import sys
from collections import Counter

text = sys.stdin.read().lower()
words = re.findall(r"[a-z']+", text)
for word, n in Counter(words).most_common(10):
    print(f"{n:6} {word}")
