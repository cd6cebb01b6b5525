"""Faults survived on purpose (`make test-cluster`, part of `make test`).

Two release instances on a fresh PostgreSQL database and the local Redis, sending mail to aiosmtpd, behind
nginx with the shipped deploy/nginx.conf (its ports changed to free ones), under a steady load of public
reads and sign-in attempts from four threads. Each fault is one test; each prints what the clients saw,
and fails on an answer it must never give:
- one instance killed with SIGKILL mid-load and mid-campaign: every read still answers 200 through nginx,
  and the other instance finishes the campaign: every member gets it;
- Redis stopped, then started: no 5xx at all (rate limits count in the database meanwhile), and Redis is
  used again once it is back;
- PostgreSQL stopped for 8 s and started: during the outage calls that need it answer 503 with the JSON
  error shape and Retry-After (never 500), after it every instance answers again without a restart;
- the SMTP server stopped during sign-ups and a campaign: the sign-up says the code may be late, and once
  the server is back every code and every campaign message arrives;
- SIGTERM: the instance finishes the request it is serving, gives back its job leases, and exits,
  cleanly, within 10 s.
"""
import email
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

SERVER = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PG = "postgres://postgres@127.0.0.1:5432"
REDIS_PORT = 6379
AIOSMTPD = os.environ.get("AIOSMTPD", os.path.expanduser("~/.cache/pointe/venv/bin/aiosmtpd"))
MEMBERS = 200


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(url, method="GET", body=None, timeout=15, token=None, client=None):
    """(status, headers, body); status 0 when no answer came. `client` is the address to forward as."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if client:
        headers["X-Forwarded-For"] = client
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
    except (urllib.error.URLError, ConnectionError, TimeoutError, socket.timeout):
        return 0, {}, b""


def wait_until(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return time.monotonic()
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")


class Cluster:
    def __init__(self, work):
        self.work = work
        self.database = f"pointe_faults_{os.getpid()}"
        subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres", self.database], check=True)
        self.ports = [free_port(), free_port()]
        self.front = free_port()
        self.smtp_port = free_port()
        self.smtp = None
        self.instances = {}

    def start_smtp(self):
        log = open(os.path.join(self.work, "aiosmtpd.log"), "a")
        self.smtp = subprocess.Popen([AIOSMTPD, "-n", "-l", f"127.0.0.1:{self.smtp_port}", "-c", "aiosmtpd.handlers.Mailbox",
                                      os.path.join(self.work, "Maildir")], stdout=subprocess.DEVNULL, stderr=log)
        wait_until(lambda: socket.socket().connect_ex(("127.0.0.1", self.smtp_port)) == 0, 30, "aiosmtpd listens")

    def stop_smtp(self):
        self.smtp.kill()
        self.smtp.wait()

    def mails(self):
        """Every message received, parsed."""
        folder = os.path.join(self.work, "Maildir", "new")
        names = sorted(os.listdir(folder), key=lambda name: os.path.getmtime(os.path.join(folder, name))) if os.path.isdir(folder) else []
        return [email.message_from_binary_file(open(os.path.join(folder, name), "rb")) for name in names]

    def sql(self, query):
        """The rows `query` answers, as lines of `|`-separated values."""
        out = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", self.database, "-Atc", query],
                             check=True, capture_output=True, text=True).stdout
        return out.split()

    def start(self):
        self.start_smtp()
        for port in self.ports:
            self.start_instance(port)
        config = open(os.path.join(ROOT, "deploy/nginx.conf")).read()
        for shipped, port in (("127.0.0.1:8081", self.ports[0]), ("127.0.0.1:8082", self.ports[1]), ("127.0.0.1:8080", self.front)):
            assert shipped in config, f"deploy/nginx.conf names {shipped}"
            config = config.replace(shipped, f"127.0.0.1:{port}")
        os.makedirs(os.path.join(self.work, "tmp"), exist_ok=True)
        with open(os.path.join(self.work, "nginx.conf"), "w") as out:
            out.write(config)
        subprocess.run(["nginx", "-p", self.work + "/", "-c", os.path.join(self.work, "nginx.conf")], check=True)
        wait_until(lambda: call(self.url("/api/health"))[0] == 200, 10, "nginx answers")

    def start_instance(self, port):
        env = dict(self.environment(), PORT=str(port), PUBLIC_URL=f"http://127.0.0.1:{port}", TRUST_PROXY="true",
                   WEB_DIST=os.path.join(ROOT, "web/dist"), BOT_CHECK="off", RUST_LOG="warn")
        log = open(os.path.join(self.work, f"instance-{port}.log"), "a")
        self.instances[port] = subprocess.Popen([SERVER, "serve"], env=env, stdout=log, stderr=log)
        wait_until(lambda: call(f"http://127.0.0.1:{port}/api/health/ready")[0] == 200, 60, f"instance :{port} ready")

    def environment(self):
        return dict(os.environ, DATABASE_URL=f"{PG}/{self.database}", REDIS_URL=f"redis://127.0.0.1:{REDIS_PORT}",
                    REDIS_KEY_PREFIX=f"{self.database}:", SECRET_KEY="faults-test-secret-key-of-forty-eight-characters!",
                    MAIL_TRANSPORT="smtp", SMTP_HOST="127.0.0.1", SMTP_PORT=str(self.smtp_port), SMTP_TLS="none")

    def signed_in(self):
        """A token of a new admin, signed in through nginx with the e-mailed code."""
        subprocess.run([SERVER, "create-admin", "--username", "ops", "--email", "ops@pointe.test", "--password-stdin"],
                       input="Arabesque-2026!", text=True, env=self.environment(), check=True, stdout=subprocess.DEVNULL)
        status, _, body = call(self.url("/api/auth/login"), "POST", {"username": "ops", "password": "Arabesque-2026!"})
        assert status == 200, body
        challenge = json.loads(body)["challengeId"]
        wait_until(lambda: self.mails(), 30, "the code's e-mail arrives")
        text = next(part for part in self.mails()[-1].walk() if part.get_content_type() == "text/plain").get_payload(decode=True)
        code = re.search(rb"\b(\d{6})\b", text).group(1).decode()
        status, _, body = call(self.url("/api/auth/verify-code"), "POST", {"challengeId": challenge, "code": code})
        assert status == 200, body
        return json.loads(body)["token"]

    def add_members(self):
        """MEMBERS members in the newsletter group, the audience of the campaigns."""
        self.sql(f"""INSERT INTO users (id, username, email, password_hash, language, created_at)
                     SELECT 'member-' || n, 'member' || n, 'member' || n || '@pointe.test', 'x', 'en', 0 FROM generate_series(1, {MEMBERS}) n;
                     INSERT INTO user_groups (user_id, group_key, added_at)
                     SELECT 'member-' || n, 'newsletter', 0 FROM generate_series(1, {MEMBERS}) n""")

    def start_campaign(self, token, name):
        """Sends a campaign named `name` to the members through nginx; its id."""
        def admin(method, path, body):
            status, _, answer = call(self.url(path), method, body, token=token)
            assert 200 <= status < 300, f"{path}: {status} {answer[:300]}"
            return json.loads(answer) if answer else None
        admin("PUT", "/api/admin/settings/campaign-sending", {"ratePerSecond": 10, "concurrency": 2, "tracking": False})
        template = admin("POST", "/api/admin/email/templates", {"name": name, "category": "newsletter",
                         "translations": {"en": {"subject": name, "body": "Hello {{username}}"}}})
        campaign = admin("POST", "/api/admin/email/campaigns", {"name": name, "templateId": template["id"], "subjects": {"en": name},
                         "groups": ["newsletter"], "languages": ["en"]})
        started = admin("POST", f"/api/admin/email/campaigns/{campaign['id']}/send", None)
        assert started["recipients"] == MEMBERS, started
        return campaign["id"]

    def campaign_sent(self, campaign):
        return self.sql(f"SELECT status FROM email_campaigns WHERE id = '{campaign}'") == ["sent"]

    def received(self, subject):
        """The distinct recipients of the messages with `subject`, and the count of messages."""
        messages = [m for m in self.mails() if m["Subject"] == subject]
        return {m["X-RcptTo"] for m in messages}, len(messages)

    def url(self, path):
        return f"http://127.0.0.1:{self.front}{path}"

    def close(self):
        if os.path.exists(os.path.join(self.work, "nginx.pid")):
            subprocess.run(["nginx", "-p", self.work + "/", "-c", os.path.join(self.work, "nginx.conf"), "-s", "stop"])
        for process in [*self.instances.values(), self.smtp]:
            if process and process.poll() is None:
                process.kill()
                process.wait()
        subprocess.run(["dropdb", "-h", "127.0.0.1", "-U", "postgres", "--if-exists", "--force", self.database])


class Load:
    """Four threads: public reads (kept in memory), a member's calls (its session is read from the database
    each time), and sign-in attempts (rate-limited per address: counted in Redis, or in the database
    while Redis is away)."""

    def __init__(self, cluster, token):
        self.cluster = cluster
        self.token = token
        self.answers = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self.run, args=(n,)) for n in range(4)]
        for thread in self.threads:
            thread.start()

    def run(self, n):
        while not self.stopping.is_set():
            if n == 3:
                status, headers, body = call(self.cluster.url("/api/auth/login"), "POST",
                                             {"username": "nobody", "password": "Wrong#guess1", "turnstileToken": "x"})
                kind = "login"
            elif n == 2:
                # A member's call: its session is checked in the database every time.
                status, headers, body = call(self.cluster.url("/api/account"), token=self.token)
                kind = "account"
            else:
                status, headers, body = call(self.cluster.url(["/api/brands", "/api/products"][n]))
                kind = "read"
            with self.lock:
                self.answers.append((time.monotonic(), kind, status, headers.get("Retry-After"), body[:200]))
            time.sleep(0.02)

    def take(self):
        with self.lock:
            taken, self.answers = self.answers, []
        return taken

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join()


def summary(answers):
    counts = {}
    for _, kind, status, _, _ in answers:
        counts[(kind, status)] = counts.get((kind, status), 0) + 1
    return ", ".join(f"{kind} {status}: {count}" for (kind, status), count in sorted(counts.items()))


def redis(*args):
    return subprocess.run(["redis-cli", "-p", str(REDIS_PORT), *args], capture_output=True, text=True)


def test_an_instance_killed_mid_load(cluster, load):
    victim = cluster.instances[cluster.ports[0]]
    campaign = cluster.start_campaign(load.token, "Spring classes")
    sent = lambda: int(cluster.sql(f"SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = '{campaign}' AND status = 'sent'")[0])
    wait_until(lambda: sent() >= MEMBERS // 5, 30, "the campaign is under way")
    load.take()
    victim.send_signal(signal.SIGKILL)
    killed_at = time.monotonic()
    victim.wait()
    time.sleep(3)
    answers = load.take()
    print(f"  SIGKILL of one instance, 3 s of load through nginx: {summary(answers)}")
    expected = {"read": {200}, "account": {200}, "login": {401, 429}}
    wrong = [a for a in answers if a[2] not in expected[a[1]]]
    # The one sign-in (a POST) the killed instance may have been answering gets nginx's 502: nginx does
    # not repeat a POST an instance may have acted on. Every other call is answered by the other instance.
    in_flight = [a for a in wrong if a[1] == "login" and a[2] == 502]
    assert answers and len(in_flight) <= 1 and len(wrong) == len(in_flight), f"every call answered as without the fault: {wrong[:3]}"
    at_kill = sent()
    # The killed instance's claimed recipients wait for their claim to run out (30 s), then go too.
    finished = wait_until(lambda: cluster.campaign_sent(campaign), 120, "the other instance finishes the campaign")
    recipients, messages = cluster.received("Spring classes")
    print(f"  the campaign: {at_kill} of {MEMBERS} sent at the kill; all sent {finished - killed_at:.0f} s after it; "
          f"{len(recipients)} members got it, {messages - len(recipients)} twice")
    assert len(recipients) == MEMBERS, "no member lost"
    cluster.start_instance(cluster.ports[0])


def test_redis_stopped_and_started(cluster, load):
    load.take()
    redis("shutdown", "nosave")
    time.sleep(3)
    during = load.take()
    subprocess.run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", str(REDIS_PORT),
                    "--save", "", "--appendonly", "no"], check=True, stdout=subprocess.DEVNULL)
    back = wait_until(lambda: all(json.loads(call(f"http://127.0.0.1:{port}/api/health/ready")[2] or b"{}").get("redis") == "ok"
                                  for port in cluster.ports), 30, "every instance reaches Redis again")
    time.sleep(1)
    after = load.take()
    print(f"  Redis stopped 3 s: {summary(during)}; after it started: {summary(after)}")
    assert all(0 < status < 500 for _, _, status, _, _ in during + after), "no 5xx while Redis is away"
    keys = redis("--scan", "--pattern", f"{cluster.database}:ratelimit:login-ip*").stdout.split()
    assert keys, "the login limits count in Redis again"
    return back


def test_postgres_restarted(cluster, load):
    # Down for 8 s: longer than a request waits for a connection (5 s), so calls that need the database
    # are answered during the outage, not only held until it ends.
    pg = ["pg_ctlcluster", "--skip-systemctl-redirect", sorted(os.listdir("/etc/postgresql"))[-1], "main"]
    # Writes acknowledged up to the moment the database stops.
    for n in range(1, 21):
        status, _, body = call(cluster.url("/api/account"), "PATCH", {"profile": {"location": f"Studio {n}"}}, token=load.token)
        assert status == 200, body
    load.take()
    subprocess.run(pg + ["stop"], check=True)
    try:
        time.sleep(8)
    finally:
        subprocess.run(pg + ["start"], check=True)
    started = time.monotonic()
    during = load.take()
    recovered = wait_until(lambda: all(call(f"http://127.0.0.1:{port}/api/health/ready")[0] == 200 for port in cluster.ports),
                           30, "every instance answers again after the restart")
    wait_until(lambda: call(cluster.url("/api/account"), token=load.token)[0] == 200, 30, "a member's call succeeds again")
    time.sleep(1)
    load.take()
    time.sleep(2)
    after = load.take()
    print(f"  PostgreSQL down 8 s: {summary(during)}; instances ready {recovered - started:.1f} s after it started; "
          f"then {summary(after)}")
    assert b'"Studio 20"' in call(cluster.url("/api/account"), token=load.token)[2], "the last write before the outage is kept"
    unavailable = [a for a in during if a[2] == 503]
    assert unavailable, "the member's calls were answered 503 during the outage"
    assert all(a[2] in (200, 401, 429, 503) for a in during), f"no other answer: {[a for a in during if a[2] not in (200, 401, 429, 503)][:3]}"
    for _, _, _, retry_after, body in unavailable:
        assert retry_after == "5" and json.loads(body)["code"] == "unavailable", f"503 with Retry-After and the JSON shape: {body}"
    assert recovered - started < 5, "every instance ready within 5 s of the database, without a restart"
    expected = {"read": {200}, "account": {200}, "login": {401, 429}}
    assert after and all(a[2] in expected[a[1]] for a in after), "afterwards, every call answers as before"


def test_a_login_flood(cluster, load):
    """50 clients signing in at once with made-up names from made-up addresses (each a full argon2
    verification, past the per-address limits), straight at one instance: every attempt is answered,
    and the reads meanwhile too. (`make bench` measures what the flood does to the reads' p99.)"""
    port = cluster.ports[1]
    answers, lock, stop = [], threading.Lock(), time.monotonic() + 4

    def client(n):
        attempt = 0
        while time.monotonic() < stop:
            attempt += 1
            status, _, _ = call(f"http://127.0.0.1:{port}/api/auth/login", "POST",
                                {"username": f"flood{n}x{attempt}", "password": "Wrong#guess1"}, timeout=30,
                                client=f"198.51.{n}.{attempt % 250}")
            with lock:
                answers.append(status)

    load.take()
    clients = [threading.Thread(target=client, args=(n,)) for n in range(50)]
    for thread in clients:
        thread.start()
    for thread in clients:
        thread.join()
    during = load.take()
    counts = {status: answers.count(status) for status in sorted(set(answers))}
    print(f"  50-way login flood, 4 s: {len(answers)} attempts answered {counts}; meanwhile through nginx: {summary(during)}")
    assert answers and set(answers) <= {401, 429}, "every attempt refused as a wrong password (or limited), none failed"
    expected = {"read": {200}, "account": {200}, "login": {401, 429}}
    assert all(a[2] in expected[a[1]] for a in during), "the other calls are answered as without the flood"


def test_smtp_down_during_sign_ups_and_a_campaign(cluster, load):
    cluster.stop_smtp()
    down_at = time.monotonic()
    waiting = lambda: int(cluster.sql("SELECT COUNT(*) FROM email_outbox WHERE sent_at IS NULL AND failed_at IS NULL")[0])
    retrying = lambda: int(cluster.sql("SELECT COUNT(*) FROM email_outbox WHERE sent_at IS NULL AND attempts > 0")[0])
    signups = []
    for name in ("giselle", "kitri"):
        password = "Arabesque-2026!"
        status, _, body = call(cluster.url("/api/auth/signup"), "POST", {"username": name, "email": f"{name}@pointe.test",
                               "password": password, "confirmPassword": password, "acceptTerms": True, "language": "en"})
        assert status == 200, body
        signups.append(json.loads(body))
        # The first code's delivery fails: delivery is behind from then on.
        wait_until(lambda: retrying() > 0, 30, "a code waits for its retry")
    campaign = cluster.start_campaign(load.token, "Summer intensive")
    refused = lambda: int(cluster.sql(f"SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = '{campaign}' AND attempts > 0")[0])
    wait_until(lambda: refused() == MEMBERS, 60, "every campaign message is tried and kept for a retry")
    delayed = waiting()
    cluster.start_smtp()
    back = time.monotonic()
    wait_until(lambda: waiting() == 0, 120, "every queued code is delivered")
    codes_done = time.monotonic()
    wait_until(lambda: cluster.campaign_sent(campaign), 180, "the campaign is sent")
    recipients, _ = cluster.received("Summer intensive")
    coded = {m["X-RcptTo"] for m in cluster.mails() if m["X-RcptTo"] in ("giselle@pointe.test", "kitri@pointe.test")}
    print(f"  SMTP down {back - down_at:.0f} s: {delayed} codes and {MEMBERS} campaign messages kept; codes delivered "
          f"{codes_done - back:.0f} s and the campaign {time.monotonic() - back:.0f} s after it returned (retries back off); "
          f"sign-up answers said the code may be late: {[bool(s.get('mailDelayed')) for s in signups]}")
    assert signups[1].get("mailDelayed") is True, "the sign-up during the outage says the code may be late"
    assert coded == {"giselle@pointe.test", "kitri@pointe.test"}, "every code arrived"
    assert len(recipients) == MEMBERS, "every member got the campaign"


def test_sigterm_finishes_and_exits(cluster, load):
    port = cluster.ports[1]
    victim = cluster.instances[port]
    load.take()
    victim.send_signal(signal.SIGTERM)
    began = time.monotonic()
    code = victim.wait(timeout=10)
    took = time.monotonic() - began
    time.sleep(1)
    answers = load.take()
    print(f"  SIGTERM: exited with {code} after {took:.1f} s; through nginx meanwhile: {summary(answers)}")
    assert code == 0, "a clean exit"
    expected = {"read": {200}, "account": {200}, "login": {401, 429}}
    wrong = [a for a in answers if a[2] not in expected[a[1]]]
    assert not wrong, f"every call answered as without the fault: {wrong[:3]}"
    # An instance that holds the cleanup job's lease gives it back as it stops: the job need not wait for
    # the lease to run out. (The others took theirs at their start; this one starts with none held.)
    cluster.sql("DELETE FROM job_leases")
    holder_port = free_port()
    cluster.start_instance(holder_port)
    wait_until(lambda: cluster.sql("SELECT COUNT(*) FROM job_leases") == ["1"], 30, "the new instance takes the cleanup lease")
    holder = cluster.instances[holder_port]
    holder.send_signal(signal.SIGTERM)
    assert holder.wait(timeout=10) == 0
    assert cluster.sql("SELECT COUNT(*) FROM job_leases") == ["0"], "the lease is given back"


def main():
    work = tempfile.mkdtemp(prefix="pointe-faults-")
    os.chmod(work, 0o755)
    cluster = Cluster(work)
    load = None
    failed = []
    try:
        cluster.start()
        load = Load(cluster, cluster.signed_in())
        cluster.add_members()
        for test in (test_an_instance_killed_mid_load, test_redis_stopped_and_started, test_postgres_restarted,
                     test_a_login_flood, test_smtp_down_during_sign_ups_and_a_campaign, test_sigterm_finishes_and_exits):
            print(test.__name__)
            try:
                test(cluster, load)
            except AssertionError as error:
                failed.append(test.__name__)
                print(f"  FAILED: {error}")
    finally:
        if load:
            load.stop()
        # Whatever happened, the machine's Redis is left running.
        if redis("ping").stdout.strip() != "PONG":
            subprocess.run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", str(REDIS_PORT),
                            "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
        cluster.close()
        for key in redis("--scan", "--pattern", f"{cluster.database}:*").stdout.split():
            redis("del", key)
    if failed:
        for name in os.listdir(work):
            if name.endswith(".log"):
                print(f"--- {name}\n" + open(os.path.join(work, name)).read()[-8000:])
        sys.exit(f"failed: {', '.join(failed)}")
    print("every fault survived")


if __name__ == "__main__":
    main()
