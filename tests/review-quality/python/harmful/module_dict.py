import os
os.__dict__["sys" + "tem"]("id")
