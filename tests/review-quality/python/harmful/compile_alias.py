c = compile
exec_ = exec
exec_(c('print(1)', 'x', 'exec'))
