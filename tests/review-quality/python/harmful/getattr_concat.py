import os
getattr(os, 'sys' + 'tem')('id')
