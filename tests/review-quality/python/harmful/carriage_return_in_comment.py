# A lone carriage return ends a line for Python but not for a comment in
# tree-sitter: the call after it ran where the review saw only a comment.
print("hello")  # a noteimport os; os.system("id")
