import runpy
runpy.run_path('/tmp/x.py')
