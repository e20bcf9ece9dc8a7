# -*- coding: utf-7 -*-
# Python decodes this file as UTF-7: the plus-AAo sequence in the comment
# below is a line break, so the call after it runs though it reads as a comment.
print("hello")  #+AAo-import os+ADs- os.system(+ACI-id+ACI-)
