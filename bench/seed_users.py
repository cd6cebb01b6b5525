"""Puts N members straight into a Pointe SQLite database for the user-table benchmark: names
dancer000000…, joined over the last 400 days, a third never signed in, every tenth a VIP."""
import random
import sqlite3
import sys
import time
import uuid

path, count = sys.argv[1], int(sys.argv[2])
day = 24 * 3600 * 1000
now = int(time.time() * 1000)
random.seed(7)
db = sqlite3.connect(path)
users, vips = [], []
for n in range(count):
    user_id = str(uuid.uuid4())
    joined = now - random.randint(0, 400) * day
    last_login = None if n % 3 == 0 else random.randint(joined, now)
    name, email = f"dancer{n:06d}", f"dancer{n:06d}@bench.test"
    users.append((user_id, name, email, "not-a-hash", joined, last_login, f"{name} {email}"))
    if n % 10 == 0:
        vips.append((user_id, "vip", now))
db.executemany(
    "INSERT INTO users (id, username, email, password_hash, created_at, last_login_at, search_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
    users,
)
db.executemany("INSERT INTO user_groups (user_id, group_key, added_at) VALUES (?, ?, ?)", vips)
db.commit()
