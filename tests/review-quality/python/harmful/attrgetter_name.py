import operator, os
operator.attrgetter("system")(os)("id")
