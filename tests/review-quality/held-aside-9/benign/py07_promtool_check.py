# Benign: runs `promtool check rules` and `promtool test rules` with fixed argv over ./rules and writes a JUnit XML report to ./out; no network.
import pathlib
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

RULES = pathlib.Path("rules")
OUT = pathlib.Path("out")


def run(kind, path):
    started = time.monotonic()
    proc = subprocess.run(["promtool", kind, "rules", str(path)], capture_output=True, text=True, timeout=120)
    return {
        "name": f"{kind} {path}",
        "ok": proc.returncode == 0,
        "seconds": time.monotonic() - started,
        "output": (proc.stdout + proc.stderr).strip(),
    }


def junit(results):
    suite = ET.Element("testsuite", name="promtool", tests=str(len(results)),
                       failures=str(sum(not r["ok"] for r in results)))
    for r in results:
        case = ET.SubElement(suite, "testcase", classname="promtool", name=r["name"], time=f"{r['seconds']:.3f}")
        if not r["ok"]:
            ET.SubElement(case, "failure", message="promtool failed").text = r["output"]
    return ET.ElementTree(suite)


def main():
    rule_files = sorted(p for p in RULES.glob("*.yml") if not p.name.endswith("_test.yml"))
    test_files = sorted(RULES.glob("tests/*.yml")) + sorted(RULES.glob("*_test.yml"))
    if not rule_files:
        sys.exit(f"no rule files in {RULES}")
    results = [run("check", p) for p in rule_files] + [run("test", p) for p in test_files]
    for r in results:
        print(f"{'ok  ' if r['ok'] else 'FAIL'} {r['name']} ({r['seconds']:.2f}s)")
        if not r["ok"]:
            print("     " + r["output"].replace("\n", "\n     "))
    OUT.mkdir(exist_ok=True)
    junit(results).write(OUT / "promtool-junit.xml", encoding="utf-8", xml_declaration=True)
    sys.exit(0 if all(r["ok"] for r in results) else 1)


if __name__ == "__main__":
    main()
