"""The assistant's answer times, over HTTP on 127.0.0.1.

basic URL EVAL_FILE: every question of the evaluation set once to ask-with-rag (the built-in basic
response answers while no provider is configured), each from its own address; prints median and p95,
then the same questions again (answered from the cache).

gateway URL MODEL_URL DATABASE EVAL_FILE: the English questions streamed through ask-hybrid with the
gateway configured; prints the median and p95 time to the first streamed text, the model's own time to
its first token within those answers (as the server recorded it: the prompt with the site's passages),
and the model's time to first token for the bare question asked directly.
"""
import http.client
import json
import sqlite3
import statistics
import sys
import time
import urllib.parse


def post(base, path, body, headers, stream=False):
    url = urllib.parse.urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
    conn.request("POST", url.path.rstrip("/") + path, json.dumps(body), {"Content-Type": "application/json", **headers})
    return conn, conn.getresponse()


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def report(name, seconds):
    ms = [s * 1000 for s in seconds]
    print(f"| {name} | {len(ms)} | {statistics.median(ms):.1f} ms | {percentile(ms, 0.95):.1f} ms |")


def basic(base, questions):
    print("| assistant, basic response | questions | median | p95 |\n|---|---|---|---|")
    for label in ("first time", "again (cache)"):
        times = []
        for at, question in enumerate(questions):
            began = time.perf_counter()
            conn, response = post(base, "/api/ai/ask-with-rag", {"question": question["question"], "language": question["lang"]},
                                  {"X-Forwarded-For": f"10.77.{at // 250}.{at % 250 + 1}"})
            answer = json.loads(response.read())
            times.append(time.perf_counter() - began)
            conn.close()
            assert response.status == 200 and answer["provider"] == "basic", answer
        report(f"POST /api/ai/ask-with-rag, {label}", times)


def first_text(response, marker):
    """Seconds until a line holding `marker` arrives on a streamed response."""
    began = time.perf_counter()
    while True:
        line = response.readline()
        if not line:
            raise SystemExit("the stream ended before any text")
        if marker in line:
            return time.perf_counter() - began


def gateway(base, model_url, database, questions):
    english = [q["question"] for q in questions if q["lang"] == "en"]
    through, direct = [], []
    for at, question in enumerate(english):
        began = time.perf_counter()
        conn, response = post(base, "/api/ai/ask-hybrid", {"question": question, "language": "en"},
                              {"Accept": "text/event-stream", "X-Forwarded-For": f"10.78.0.{at + 1}"})
        first_text(response, b"event: delta")
        through.append(time.perf_counter() - began)
        response.read()
        conn.close()
        began = time.perf_counter()
        conn, response = post(model_url, "/chat/completions", {"model": "m", "stream": True, "temperature": 0, "max_tokens": 400,
                              "messages": [{"role": "user", "content": question}]}, {})
        first_text(response, b'"content"')
        direct.append(time.perf_counter() - began)
        response.read()
        conn.close()
    print("| assistant through the gateway (SmolLM2-135M, llama-cpp-python) | questions | median | p95 |\n|---|---|---|---|")
    recorded = sqlite3.connect(database).execute("SELECT first_token_ms FROM ai_requests WHERE provider = 'gateway'").fetchall()
    report("first streamed text at the client (retrieval, prompt, first checked sentence)", through)
    report("the model's first token within those answers (prompt with the passages)", [ms / 1000 for (ms,) in recorded])
    report("the model's first token for the bare question, asked directly", direct)


if __name__ == "__main__":
    mode = sys.argv[1]
    questions = json.load(open(sys.argv[-1]))["questions"]
    if mode == "basic":
        basic(sys.argv[2], questions)
    else:
        gateway(sys.argv[2], sys.argv[3], sys.argv[4], questions)
