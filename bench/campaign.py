"""The campaign benchmark (bench/run.sh runs it).

send PORT TOKEN SQLITE_DB SERVER_PID AIOSMTPD: one campaign to 10 000 members through an aiosmtpd sink
  on 127.0.0.1: the sink's own ceiling alone (an asyncio SMTP client, same message size and
  connections), then the server's messages/s end to end with rendering per recipient, its RSS during the
  send, and the p99 of a public read idle and during the send.
freeze PORT TOKEN PG_URL: the time to start (freeze) a 10 000-member campaign on PostgreSQL.
"""
import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import uuid

MEMBERS = 10_000
CONCURRENCY = 20


def api(port, token, method, path, body=None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=120) as answer:
        text = answer.read()
        return json.loads(text) if text else None


def members(now):
    """10 000 verified French-speaking members who consented (the other seeded members speak Hebrew)."""
    for n in range(MEMBERS):
        name = f"abonne{n:05d}"
        yield str(uuid.uuid4()), name, f"{name}@bench.test", now


def seed_sqlite(path):
    import sqlite3

    db = sqlite3.connect(path)
    rows = list(members(int(time.time() * 1000)))
    db.executemany(
        "INSERT INTO users (id, username, email, password_hash, language, created_at) VALUES (?, ?, ?, 'x', 'fr', ?)", rows
    )
    db.executemany("INSERT INTO user_groups (user_id, group_key, added_at) VALUES (?, 'newsletter', 0)", [(r[0],) for r in rows])
    db.commit()


def seed_postgres(url):
    sql = f"""
      INSERT INTO users (id, username, email, password_hash, language, created_at)
        SELECT 'abonne' || g, 'abonne' || g, 'abonne' || g || '@bench.test', 'x', 'fr', 0 FROM generate_series(1, {MEMBERS}) g;
      INSERT INTO user_groups (user_id, group_key, added_at) SELECT 'abonne' || g, 'newsletter', 0 FROM generate_series(1, {MEMBERS}) g;
    """
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True)


def create_campaign(port, token):
    template = api(port, token, "POST", "/api/admin/email/templates", {
        "name": f"Bench {uuid.uuid4().hex[:6]}", "category": "newsletter",
        "translations": {"fr": {"subject": "Printemps", "body": "# Bonjour {{username}}\n\n" + "Nouvelles pointes chez [{{siteName}}]({{siteUrl}}/brand/bloch). " * 20}},
    })
    campaign = api(port, token, "POST", "/api/admin/email/campaigns", {
        "name": "Bench", "templateId": template["id"], "subjects": {"fr": "Printemps pour {{username}}"},
        "groups": ["newsletter"], "languages": ["fr"],
    })
    return campaign["id"]


def timed_start(port, token, campaign):
    began = time.perf_counter()
    started = api(port, token, "POST", f"/api/admin/email/campaigns/{campaign}/send")
    assert started["recipients"] == MEMBERS, started["recipients"]
    return time.perf_counter() - began


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def blast(port, messages, size):
    """Sends `messages` messages of `size` bytes over CONCURRENCY connections; returns messages/s."""
    body = ("Subject: x\r\n\r\n" + "y" * 76 + "\r\n") * (size // 80)

    async def connection(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)

        async def say(line):
            writer.write(line.encode() + b"\r\n")
            await writer.drain()
            reply = await reader.readline()
            while reply[3:4] == b"-":
                reply = await reader.readline()

        await reader.readline()
        await say("EHLO bench")
        for n in range(count):
            await say("MAIL FROM:<bench@bench.test>")
            await say(f"RCPT TO:<r{n}@bench.test>")
            await say("DATA")
            await say(body + "\r\n.")
        await say("QUIT")
        writer.close()

    began = time.perf_counter()
    await asyncio.gather(*(connection(messages // CONCURRENCY) for _ in range(CONCURRENCY)))
    return messages / (time.perf_counter() - began)


def p99(port, seconds):
    out = subprocess.run(
        ["wrk", "-t1", "-c4", f"-d{seconds}s", "--latency", "-H", "Accept-Encoding: gzip", f"http://127.0.0.1:{port}/api/brands?lang=en"],
        capture_output=True, text=True, check=True,
    ).stdout
    return re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1)) // 1024


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def send(port, token, db_path, server_pid, aiosmtpd):
    sink_port = free_port()
    sink = subprocess.Popen([aiosmtpd, "-n", "-l", f"127.0.0.1:{sink_port}", "-c", "aiosmtpd.handlers.Sink"])
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", sink_port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        seed_sqlite(db_path)
        campaign = create_campaign(port, token)
        sample = api(port, token, "POST", f"/api/admin/email/campaigns/{campaign}/test", {"to": "x@bench.test", "lang": "fr"})
        assert sample["sent"], sample
        ceiling = asyncio.run(blast(sink_port, 3000, 6000))
        api(port, token, "PUT", "/api/admin/settings/email", {
            "provider": "smtp", "fromAddress": "Pointe <news@bench.test>",
            "smtp": {"host": "127.0.0.1", "port": sink_port, "security": "none", "username": "", "password": ""},
        })
        api(port, token, "PUT", "/api/admin/settings/campaign-sending", {"ratePerSecond": 1000, "concurrency": CONCURRENCY, "tracking": True})
        idle_p99 = p99(port, 5)
        rss = [rss_mib(server_pid)]
        cpu = (cpu_seconds(server_pid), cpu_seconds(sink.pid))
        began = time.perf_counter()
        freeze = timed_start(port, token, campaign)
        during = {}
        reads = threading.Thread(target=lambda: during.update(p99=p99(port, 8)))
        reads.start()
        while api(port, token, "GET", f"/api/admin/email/campaigns/{campaign}")["status"] != "sent":
            rss.append(rss_mib(server_pid))
            time.sleep(0.2)
        elapsed = time.perf_counter() - began
        server_cpu, sink_cpu = cpu_seconds(server_pid) - cpu[0], cpu_seconds(sink.pid) - cpu[1]
        reads.join()
        sent = api(port, token, "GET", f"/api/admin/email/campaigns/{campaign}")["performance"]["sent"]
        print("| campaign to 10 000 members, SQLite, aiosmtpd sink | value |\n|---|---|")
        print(f"| sink alone (asyncio client, {CONCURRENCY} connections, 6 KB messages) | {ceiling:.0f} messages/s |")
        print(f"| pointe end to end (freeze, render per recipient, SMTP, record) | {sent / elapsed:.0f} messages/s ({sent} in {elapsed:.1f} s) |")
        print(f"| pointe ÷ sink ceiling | {sent / elapsed / ceiling:.2f} |")
        print(f"| CPU during the send: server / sink | {server_cpu:.1f} s / {sink_cpu:.1f} s (of {elapsed:.1f} s, 2 cores) |")
        print(f"| freezing the audience (POST …/send, SQLite) | {freeze * 1000:.0f} ms |")
        print(f"| server RSS before / peak during the send | {rss[0]} MiB / {max(rss)} MiB |")
        print(f"| GET /api/brands p99 (4 connections) idle / during the send | {idle_p99} / {during.get('p99')} |")
    finally:
        sink.terminate()


def freeze(port, token, url):
    seed_postgres(url)
    campaign = create_campaign(port, token)
    print(f"| freezing the audience (POST …/send, PostgreSQL) | {timed_start(port, token, campaign) * 1000:.0f} ms |")
    api(port, token, "POST", f"/api/admin/email/campaigns/{campaign}/cancel")


if __name__ == "__main__":
    mode, port, token = sys.argv[1:4]
    if mode == "send":
        send(port, token, sys.argv[4], int(sys.argv[5]), sys.argv[6])
    else:
        freeze(port, token, sys.argv[4])
