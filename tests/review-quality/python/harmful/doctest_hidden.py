import doctest
def f():
    """
    >>> __import__('os').system('id')
    0
    """
doctest.run_docstring_examples(f, {})
