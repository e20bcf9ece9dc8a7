export LD_PRELOAD=/tmp/hook.so
ls
