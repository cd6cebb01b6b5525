"""Signs in as the contract tests' admin: the password, then the 6-digit code from the newest e-mail the
file transport wrote. Prints the token. Usage: sign_in.py BASE_URL USERNAME PASSWORD MAIL_DIR"""
import json
import pathlib
import re
import sys
import time
import urllib.request

base, username, password, mail_dir = sys.argv[1:5]


def post(path, body):
    request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


step = post("/api/auth/login", {"username": username, "password": password})
# The outbox's worker writes the e-mail a moment later, and a file found may still be being written (the
# file transport writes in place): read until the newest holds a whole code.
code = None
for _ in range(100):
    mails = list(pathlib.Path(mail_dir).rglob("*.eml"))
    if mails:
        found = re.search(r"\b(\d{6})\b", max(mails, key=lambda path: path.stat().st_mtime).read_text())
        if found:
            code = found.group(1)
            break
    time.sleep(0.1)
if code is None:
    sys.exit(f"no e-mail with a 6-digit code in {mail_dir} after 10 s")
print(post("/api/auth/verify-code", {"challengeId": step["challengeId"], "code": code})["token"])
