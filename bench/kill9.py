#!/usr/bin/env python3
"""Durability under `kill -9`: TRIALS times, start SERVE on the database file DB, log in as the
seeded demo user, let WRITERS keep-alive clients create drafts (`POST /app/event`, titles
`k9-TRIAL-WRITER-N`) as fast as they are answered, and SIGKILL the server at a random moment
0-1 s after the first acknowledged write. Then open DB with Python's sqlite3 (as the next start
would after a crash) and check `PRAGMA integrity_check` is `ok` and every acknowledged draft
(HTTP 200 with `"code":200`) is stored. The next trial starts the server on the same file.
Prints one JSON line per trial and a summary: acknowledged writes, lost ones (must be 0),
integrity failures (must be 0).

usage: kill9.py SERVE DB SEEDS [TRIALS=50] [WRITERS=4]
bench/kill9.sh runs it against a release build.
"""
import http.client
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def start(serve, db, seeds, log):
    with open(log, "w") as out:
        process = subprocess.Popen([serve, "--port", "0", "--quiet", "--db", db, "--seeds", seeds],
                                   stdout=out, stderr=subprocess.STDOUT)
    for _ in range(600):
        with open(log) as text:
            match = re.search(r"listening on http://[^ ]*:(\d+)", text.read())
        if match:
            return process, int(match.group(1))
        if process.poll() is not None:
            break
        time.sleep(0.05)
    with open(log) as text:
        sys.exit("serve did not start:\n" + text.read())


def login(port):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = urllib.parse.urlencode({"email": "demo@maka.im", "password": "demo123456"})
    connection.request("POST", "/app/user/login", body, FORM)
    token = json.loads(connection.getresponse().read())["data"]["token"]
    connection.close()
    return dict(FORM, Authorization="Bearer " + token)


def writer(port, headers, prefix, acknowledged, lock, first_ack):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        number = 0
        while True:
            title = "%s-%d" % (prefix, number)
            connection.request("POST", "/app/event", urllib.parse.urlencode({"title": title}), headers)
            response = connection.getresponse()
            body = response.read()
            if response.status == 200 and json.loads(body).get("code") == 200:
                with lock:
                    acknowledged.add(title)
                first_ack.set()
            number += 1
    except (OSError, http.client.HTTPException, ValueError):
        return  # the server was killed


def stored_titles(db):
    database = sqlite3.connect(db)
    try:
        integrity = [row[0] for row in database.execute("PRAGMA integrity_check")]
        titles = {row[0] for row in database.execute("SELECT title FROM maka_events WHERE title LIKE 'k9-%'")}
    finally:
        database.close()
    return integrity, titles


def main():
    serve, db, seeds = sys.argv[1], sys.argv[2], sys.argv[3]
    trials = int(sys.argv[4]) if len(sys.argv) > 4 else 50
    writers = int(sys.argv[5]) if len(sys.argv) > 5 else 4
    log = db + ".log"
    random.seed(os.environ.get("SEED", "16"))
    acknowledged = set()
    lock = threading.Lock()
    lost_total = integrity_failures = 0
    for trial in range(1, trials + 1):
        process, port = start(serve, db, seeds, log)
        headers = login(port)
        first_ack = threading.Event()
        before = len(acknowledged)
        threads = [threading.Thread(target=writer, args=(port, headers, "k9-%d-%d" % (trial, w),
                                                         acknowledged, lock, first_ack), daemon=True)
                   for w in range(writers)]
        for thread in threads:
            thread.start()
        first_ack.wait(20)
        time.sleep(random.uniform(0, 1))
        process.send_signal(signal.SIGKILL)
        process.wait()
        for thread in threads:
            thread.join(15)
        integrity, titles = stored_titles(db)
        with lock:
            lost = sorted(acknowledged - titles)
            acked_now = len(acknowledged) - before
        lost_total += len(lost)
        integrity_failures += integrity != ["ok"]
        print(json.dumps({"trial": trial, "acknowledged": acked_now, "lost": len(lost), "lost_sample": lost[:5],
                          "integrity": integrity[:3]}, ensure_ascii=False), flush=True)
    print(json.dumps({"trials": trials, "writers": writers, "acknowledged": len(acknowledged),
                      "lost": lost_total, "integrity_failures": integrity_failures}))
    sys.exit(1 if lost_total or integrity_failures else 0)


if __name__ == "__main__":
    main()
