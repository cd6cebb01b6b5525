"""The analytics benchmark (bench/run.sh runs it).

ingest PORT SQLITE_DB SECONDS: page views sent by wrk (bench/beacon.lua) at three paced loads and one
  unpaced; beacons/s offered, and how many reached the database (the writer flushes each second; a full
  queue drops and counts, so pages never wait).
report PORT TOKEN DATABASE_URL SERVER: 1 000 000 synthetic events (about 350 000 visits over 30 days)
  written straight into the database, then each report's time (the 30-day one is the screen's one call)
  read raw, as before the cleanup job has counted the finished days the seed wrote; the time
  `pointe-server count-analytics` takes to count them; each report's time from the counted days (on a live
  site the job counts each day soon after it ends, so this is the time an admin sees); and the PDF full
  report's time and size.
"""
import csv
import io
import json
import os
import random
import sqlite3
import subprocess
import sys
import time
import urllib.request
import uuid

EVENTS = 1_000_000
DAY_MS = 86_400_000
PAGES = ["/", "/products", "/brands/bloch", "/brands/gaynor", "/blog", "/tips", "/blog/first-pointe-shoes", "/brands/capezio"]
SOURCES = ["", "", "google", "instagram.com", "facebook.com", "duckduckgo"]
BROWSERS = [("Firefox", "Linux", "desktop"), ("Chrome", "Android", "mobile"), ("Safari", "iOS", "mobile"), ("Chrome", "Windows 10", "desktop"), ("Safari", "iPadOS", "tablet")]
LANGS = ["he", "he", "en", "ru", "fr", "es"]
EVENT_NAMES = ["chatOpened", "search", "productLink", "languageChanged"]


def stored(db):
    return sqlite3.connect(db).execute("SELECT COUNT(*) FROM analytics_events").fetchone()[0]


def ingest(port, db, seconds):
    print("| beacons: connections × one per ms | offered per second | accepted (202) | stored | dropped |")
    print("|---|---|---|---|---|")
    # Paced loads (the goal is 2 000/s with nothing lost), then as fast as wrk can send.
    for connections, pause_ms in ((4, 2), (8, 2), (16, 2), (32, 0)):
        before = stored(db)
        out = subprocess.run(
            ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", "bench/beacon.lua", f"http://127.0.0.1:{port}", "--", str(pause_ms)],
            check=True, capture_output=True, text=True,
        ).stdout
        accepted, _other, duration = next(line.split()[1:] for line in out.splitlines() if line.startswith("beacons "))
        accepted = int(accepted)
        time.sleep(3)  # the writer's last batch
        written = stored(db) - before
        print(f"| {connections} × {pause_ms or 'unpaced'} | {accepted / float(duration):,.0f} | {accepted:,} | {written:,} | {accepted - written:,} |")


def rows(now):
    """Visits and their events: (visits, events) as lists of tuples, about EVENTS events."""
    visits, events = [], []
    while len(events) < EVENTS:
        started = now - random.randrange(30 * DAY_MS)
        visit, visitor = uuid.uuid4().hex, uuid.uuid4().hex[:32]
        browser, os_name, device = random.choice(BROWSERS)
        lang, source = random.choice(LANGS), random.choice(SOURCES)
        hits = random.choice([1, 1, 2, 3, 4, 5])
        paths = [random.choice(PAGES) for _ in range(hits)]
        at = started
        for index, path in enumerate(paths):
            events.append((at, visit, visitor, "pageview", path, lang, "he-IL", source, "", "", "", browser, os_name, device, "", "", None))
            if random.random() < 0.15:
                name = random.choice(EVENT_NAMES)
                target = "Gaynor Minden Classic" if name == "productLink" else ("zqx" if name == "search" else "")
                events.append((at + 1000, visit, visitor, name, path, lang, "he-IL", source, "", "", "", browser, os_name, device, target, "Gaynor" if name == "productLink" else "", 0 if name == "search" else None))
            if index + 1 < hits:
                at += random.randrange(5_000, 300_000)
        visits.append((visit, visitor, started, at, paths[0], paths[-1], hits, source, "", "", "", browser, os_name, device, lang, "he-IL"))
    # In time order, as the server writes them.
    visits.sort(key=lambda visit: visit[2])
    events.sort(key=lambda event: event[0])
    return visits, events


VISIT_COLUMNS = "id, visitor, started_at, last_at, entry_path, exit_path, pageviews, source, utm_source, utm_medium, utm_campaign, browser, os, device, lang, browser_lang"
EVENT_COLUMNS = "at, visit, visitor, name, path, lang, browser_lang, source, utm_source, utm_medium, utm_campaign, browser, os, device, target, brand, results"


def seed(database_url, now):
    visits, events = rows(now)
    if database_url.startswith("sqlite://"):
        db = sqlite3.connect(database_url.removeprefix("sqlite://"))
        db.executemany(f"INSERT INTO analytics_visits ({VISIT_COLUMNS}) VALUES ({','.join('?' * 16)})", visits)
        db.executemany(f"INSERT INTO analytics_events ({EVENT_COLUMNS}) VALUES ({','.join('?' * 17)})", events)
        db.commit()
    else:
        for table, columns, data in (("analytics_visits", VISIT_COLUMNS, visits), ("analytics_events", EVENT_COLUMNS, events)):
            text = io.StringIO()
            csv.writer(text).writerows(["\\N" if value is None else value for value in row] for row in data)
            copy = f"\\copy {table} ({columns}) FROM pstdin WITH (FORMAT csv, NULL '\\N')"
            subprocess.run(["psql", "-q", database_url, "-c", copy], input=text.getvalue(), text=True, check=True)
    return len(visits), len(events)


def timed(port, token, path):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {token}"})
    began = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as answer:
        body = answer.read()
    return time.perf_counter() - began, len(body)


def report(port, token, database_url, server):
    backend = database_url.split(":", 1)[0]
    visits, events = seed(database_url, int(time.time() * 1000))
    paths = (
        ("30-day report", "/api/admin/analytics?range=30d"),
        ("30-day report, filtered by device (read raw)", "/api/admin/analytics?range=30d&device=mobile"),
        ("7-day report", "/api/admin/analytics?range=7d"),
        ("24-hour report (read raw: two partial days)", "/api/admin/analytics?range=24h"),
        ("live panel", "/api/admin/analytics/live"),
    )
    before = {path: timed(port, token, path)[0] for _, path in paths}
    # What the cleanup job does at start and every 15 minutes, here at once: count the finished days.
    began = time.perf_counter()
    subprocess.run([server, "count-analytics"], env={**os.environ, "DATABASE_URL": database_url}, check=True,
                   stdout=subprocess.DEVNULL)
    counting = time.perf_counter() - began
    print(f"| {backend}: {events:,} events, {visits:,} visits | before the days are counted | counted | again |")
    print("|---|---|---|---|")
    for name, path in paths:
        counted, _ = timed(port, token, path)
        again, _ = timed(port, token, path)
        print(f"| {name} | {before[path] * 1000:,.0f} ms | {counted * 1000:,.0f} ms | {again * 1000:,.0f} ms |")
    print(f"| counting the 30 finished days (`pointe-server count-analytics`) | | {counting * 1000:,.0f} ms | |")
    for lang in ("he", "en"):
        seconds, size = timed(port, token, f"/api/admin/analytics/export?part=pdf&range=30d&lang={lang}")
        print(f"| PDF full report, 30 days, {lang} | | {seconds * 1000:,.0f} ms | {size / 1024:,.0f} KiB |")


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "ingest":
        ingest(args[0], args[1], int(args[2]))
    else:
        report(*args)
