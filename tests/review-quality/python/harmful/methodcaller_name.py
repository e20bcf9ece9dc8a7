import operator, os
operator.methodcaller("system", "id")(os)
