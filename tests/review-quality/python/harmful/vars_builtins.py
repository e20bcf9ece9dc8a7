import builtins
vars(builtins)['ex' + 'ec']('print(1)')
