#!/usr/bin/env python3
"""Steady write load for bench/write_load.sh: logs in as the seeded demo user, then sends
`PUT /app/user/{uid}` (a new nickname, which also re-encodes the user's public-feed items) at a
fixed rate on one keep-alive connection for a fixed time, and prints
`writes=N errors=E seconds=S rate=R` on stdout.

Usage: write_load.py HOST PORT RATE SECONDS
"""
import http.client
import json
import sys
import time
import urllib.parse


def main() -> None:
    host, port, rate, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    connection = http.client.HTTPConnection(host, port, timeout=10)
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    connection.request("POST", "/app/user/login",
                       urllib.parse.urlencode({"email": "demo@maka.im", "password": "demo123456"}), form)
    login = json.loads(connection.getresponse().read())["data"]
    headers = dict(form, Authorization="Bearer " + login["token"])
    path = "/app/user/%d" % login["uid"]

    writes = errors = 0
    start = time.monotonic()
    while True:
        due = start + writes / rate if rate > 0 else start
        now = time.monotonic()
        if now - start >= seconds:
            break
        if due > now:
            time.sleep(min(due - now, seconds - (now - start)))
            continue
        body = urllib.parse.urlencode({"nickname": "写入负载%d" % (writes % 1000)})
        connection.request("PUT", path, body, headers)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            errors += 1
        writes += 1
    elapsed = time.monotonic() - start
    print("writes=%d errors=%d seconds=%.2f rate=%.1f" % (writes, errors, elapsed, writes / elapsed))


if __name__ == "__main__":
    main()
