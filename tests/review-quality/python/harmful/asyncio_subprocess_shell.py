# A shell started through asyncio on a command from the environment: the
# review did not count create_subprocess_shell as a shell.
import asyncio
import os


async def main():
    proc = await asyncio.create_subprocess_shell(os.environ.get("TASK", "true"))
    await proc.wait()


asyncio.run(main())
