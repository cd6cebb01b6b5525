"""Gives the first N members of a Pointe SQLite database a fit profile each (fitting/profile), varied over
every answer, for the recommendation benchmark: the stored profiles the ranking's reviews will weigh."""
import json
import random
import sqlite3
import sys
import time

path, count = sys.argv[1], int(sys.argv[2])
random.seed(11)
now = int(time.time() * 1000)
pick = random.choice


def foot():
    length = random.randint(210, 275)
    return {
        "lengthMm": length,
        "widthMm": int(length * random.uniform(0.34, 0.43)),
        "toeShape": pick(["egyptian", "greek", "square"]),
        "toeLength": pick(["short", "medium", "long"]),
        "toeHeight": pick(["low", "medium", "high"]),
        "heel": pick(["narrow", "average", "wide"]),
        "arch": pick(["stiff", "average", "flexible", "hypermobile"]),
        "instep": pick(["stiff", "average", "flexible", "hypermobile"]),
        "ankle": pick(["limited", "average", "full"]),
        "bunion": pick(["none", "slight", "marked"]),
    }


db = sqlite3.connect(path)
users = [row[0] for row in db.execute("SELECT id FROM users ORDER BY username LIMIT ?", (count,))]
rows = []
for user in users:
    profile = {
        "left": foot(),
        "right": foot(),
        "dancing": {"level": pick(["beginner", "intermediate", "advanced", "professional"]),
                    "years": random.randint(1, 20), "hoursPerWeek": random.randint(2, 30), "teacherApproved": True},
        "strength": {"relevesLeft": random.randint(5, 40), "relevesRight": random.randint(5, 40)},
        "shoes": [],
    }
    rows.append((user, json.dumps(profile), now))
db.executemany("INSERT INTO fit_profiles (user_id, profile, updated_at) VALUES (?, ?, ?)", rows)
db.commit()
print(f"{len(rows)} fit profiles")
