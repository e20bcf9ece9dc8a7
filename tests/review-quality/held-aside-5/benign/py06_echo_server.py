# Benign: asyncio line-echo server on 127.0.0.1 used by the integration tests, with SIGINT/SIGTERM handlers for a clean shutdown
import argparse
import asyncio
import signal

connections = 0


async def handle(reader, writer):
    global connections
    connections += 1
    peer = writer.get_extra_info("peername")
    try:
        while line := await reader.readline():
            if line.strip() == b"QUIT":
                break
            writer.write(b"echo: " + line)
            await writer.drain()
    except ConnectionResetError:
        pass
    finally:
        writer.close()
        await writer.wait_closed()
        print(f"closed {peer}")


async def main(port):
    server = await asyncio.start_server(handle, host="127.0.0.1", port=port)
    addr = server.sockets[0].getsockname()
    print(f"echo server on {addr[0]}:{addr[1]}")

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    async with server:
        await stop.wait()
    print(f"shutting down after {connections} connection(s)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0, help="0 picks a free port")
    asyncio.run(main(ap.parse_args().port))
