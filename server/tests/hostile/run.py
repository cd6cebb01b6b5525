"""A hostile client against the release server (`make test-hostile`): oversized and malformed heads,
made-up methods, junk query strings, deep JSON, slow heads and bodies, many distinct addresses. Every
answer must be a clear refusal (never a 5xx), the server must answer every ordinary request after it,
and its resident memory must come back within 10 % of where it was after warming up with a full round
of every kind: the allocator then already holds what the largest requests (twelve 2 MiB bodies at once)
needed, so only growth from one round to the next, a leak, counts. Prints the figures. Usage: run.py
SERVER_BINARY"""

import concurrent.futures
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WEB_DIST = os.path.join(HERE, "..", "..", "..", "web", "dist")
# Pages and reads a visitor asks for, kept by the server once asked.
ORDINARY = ["/", "/?lang=en", "/finder?lang=en", "/brand/bloch?lang=en", "/blog/first-pointe-shoes?lang=en",
            "/api/brands?lang=en", "/api/finder?lang=en", "/api/blog/posts?lang=en&page=1", "/api/health"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))


class Failures:
    def __init__(self):
        self.items = []

    def check(self, ok, what):
        if not ok:
            self.items.append(what)


def raw(port, data, timeout=5.0):
    """Sends bytes as they are and reads until the server closes or stops answering; the status code
    of the answer, or None when the server closed without one."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(data)
        except OSError:
            pass  # the server refused the rest and closed
        answer = b""
        try:
            while b"\r\n" not in answer:
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            pass
    if not answer.startswith(b"HTTP/1."):
        return None
    return int(answer.split(b" ", 2)[1])


def get(port, path, method="GET", body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def flood(port, requests, failures, what, workers=8):
    """Sends each raw request; a 5xx answer fails. Returns how many were answered and how many closed."""
    answered = closed = 0
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        for status in pool.map(lambda data: raw(port, data), requests):
            if status is None:
                closed += 1
            else:
                answered += 1
                failures.check(status < 500, f"{what}: answered {status}")
    return answered, closed


def request(method, path, headers=b"", body=b""):
    length = f"Content-Length: {len(body)}\r\n".encode() if body else b""
    return (method.encode() + b" " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            + headers + length + b"\r\n" + body)


def kinds(scale):
    """Each hostile kind of request, `scale` of each (distinct where that matters)."""
    n = range(scale)
    yield "made-up methods of 20 KB", [request(f"JUNK{i}" + "X" * 20_000, "/api/brands") for i in n]
    yield "junk query strings on kept pages and reads", [
        request("GET", f"{path}{'&' if '?' in path else '?'}utm_source={i}&x{i}={'j' * 300}")
        for i in n for path in ORDINARY[:6]]
    yield "many distinct addresses", [request("GET", f"/nope/{i}/{'p' * 200}") for i in n] + \
        [request("GET", f"/api/made-up-{i}") for i in n] + [request("GET", f"/brand/no-such-{i}") for i in n]
    yield "oversized heads", [request("GET", "/", b"X-Big: " + b"h" * 1_000_000 + b"\r\n") for _ in range(max(1, scale // 50))]
    yield "many header lines", [request("GET", "/", b"".join(b"X-H%d: v\r\n" % k for k in range(5_000)))
                                for _ in range(max(1, scale // 50))]
    yield "malformed heads", [b"GET\r\n\r\n", b"\x00\x01\x02garbage\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                              b"GET /%%%% HTTP/1.1\r\nHost: x\r\n\r\n", b"G\xffT / HTTP/1.1\r\n\r\n"] * max(1, scale // 25)
    yield "deep JSON", [request("POST", "/api/auth/login", b"Content-Type: application/json\r\n", b"[" * 200_000)
                        for _ in range(max(1, scale // 25))] + \
        [request("POST", "/api/admin/log-error", b"Content-Type: application/json\r\n", b'{"a":' * 50_000)
         for _ in range(max(1, scale // 25))]
    yield "oversized bodies", [request("POST", "/api/auth/login", b"Content-Type: application/json\r\n",
                                       b'{"username":"' + b"u" * 3_000_000 + b'"}') for _ in range(max(1, scale // 50))]


def slow_heads(port, count, failures):
    """Connections that trickle their head: the others are answered meanwhile, and the server closes
    them once the head's time is up."""
    held = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        held.append(s)
    failures.check(get(port, "/api/health") == 200, "slow heads: another request is answered meanwhile")
    deadline = time.time() + 25
    closed = 0
    for s in held:
        s.settimeout(max(0.1, deadline - time.time()))
        try:
            while True:
                s.sendall(b"X-Slow: 1\r\n")
                data = s.recv(4096)
                if not data or data.startswith(b"HTTP/1.1 408"):
                    closed += 1
                    break
        except OSError:
            closed += 1
        s.close()
    failures.check(closed == count, f"slow heads: {closed} of {count} closed by the server")
    return closed


def main():
    server = sys.argv[1]
    work = tempfile.mkdtemp()
    port = free_port()
    env = dict(os.environ, PORT=str(port), HOST="127.0.0.1", DATABASE_URL=f"sqlite://{work}/hostile.db",
               WEB_DIST=WEB_DIST, MAIL_DIR=f"{work}/mail", BOT_CHECK="off", RUST_LOG="warn", SEED_SHOE_MODELS="true")
    log = open(f"{work}/server.log", "w")
    process = subprocess.Popen([server, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    failures = Failures()
    try:
        for _ in range(300):
            try:
                if get(port, "/api/health") == 200:
                    break
            except OSError:
                time.sleep(0.1)
        # Warming up: every ordinary page and read, then a full round of every hostile kind.
        for _ in range(3):
            for path in ORDINARY:
                get(port, path)
        for what, requests in kinds(600):
            flood(port, requests, failures, what)
        time.sleep(1)
        start_kib = rss_kib(process.pid)
        rows = []
        for what, requests in kinds(600):
            began = time.time()
            answered, closed = flood(port, requests, failures, what)
            rows.append((what, len(requests), answered, closed, time.time() - began, rss_kib(process.pid)))
        closed = slow_heads(port, 50, failures)
        rows.append(("slow heads (closed after the head's time)", 50, 0, closed, 0, rss_kib(process.pid)))
        peak_kib = max(row[5] for row in rows)
        for path in ORDINARY:
            status = get(port, path)
            failures.check(status == 200, f"after the run: {path} answered {status}")
        time.sleep(2)
        end_kib = rss_kib(process.pid)
        failures.check(process.poll() is None, "the server is still running")
        failures.check(end_kib <= start_kib * 1.10,
                       f"resident memory {end_kib // 1024} MiB after the run, {start_kib // 1024} MiB before: more than 10 % up")
        print("| hostile kind | requests | answered | closed | seconds | RSS after (MiB) |")
        print("|---|---|---|---|---|---|")
        for what, count, answered, closed, seconds, rss in rows:
            print(f"| {what} | {count} | {answered} | {closed} | {seconds:.1f} | {rss / 1024:.1f} |")
        print(f"RSS: {start_kib / 1024:.1f} MiB after warming up, peak {peak_kib / 1024:.1f} MiB, "
              f"{end_kib / 1024:.1f} MiB after the run ({100 * (end_kib - start_kib) / start_kib:+.1f} %)")
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()
    if failures.items:
        print("hostile run failed:", *failures.items[:30], sep="\n  ")
        with open(f"{work}/server.log") as server_log:
            print("server log (last lines):", *server_log.readlines()[-30:], sep="")
        sys.exit(1)


if __name__ == "__main__":
    main()
