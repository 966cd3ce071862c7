#!/usr/bin/env python3
"""Slowloris against a running server: COUNT connections each send a request line, then one
header line a second and never finish; meanwhile one ordinary client asks GET PATH every 100 ms.
After SECONDS it prints one JSON object: how many slow connections got a 408 (the header
timeout), were closed without one, or were still open; and the ordinary client's answered count
and p50 / p99 latency in ms (its requests must keep being answered while the slow ones wait).

usage: slowloris.py PORT [COUNT=300] [SECONDS=6] [PATH=/__admin/health]
bench/slowloris.sh runs it against a release build with --header-timeout 3.
"""
import http.client
import json
import resource
import socket
import sys
import time


def main():
    port = int(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 6.0
    path = sys.argv[4] if len(sys.argv) > 4 else "/__admin/health"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    slow = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET /slow HTTP/1.1\r\nHost: t\r\n")
        sock.setblocking(False)
        slow.append(sock)
    received = {id(sock): b"" for sock in slow}
    ended = {}
    latencies = []
    asked = 0
    started = time.monotonic()
    next_header = started + 1
    while time.monotonic() - started < seconds:
        asked += 1
        begin = time.monotonic()
        try:
            client = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            client.request("GET", path)
            if client.getresponse().status == 200:
                latencies.append((time.monotonic() - begin) * 1000)
            client.close()
        except OSError:
            pass
        for sock in slow:
            if id(sock) in ended:
                continue
            try:
                chunk = sock.recv(65536)
                if chunk:
                    received[id(sock)] += chunk
                else:
                    ended[id(sock)] = "408" if received[id(sock)].startswith(b"HTTP/1.1 408") else "closed"
            except BlockingIOError:
                pass
            except OSError:
                ended[id(sock)] = "reset"
        if time.monotonic() >= next_header:
            next_header += 1
            for sock in slow:
                if id(sock) not in ended:
                    try:
                        sock.send(b"X-Slow: 1\r\n")
                    except OSError:
                        pass
        time.sleep(0.1)
    outcomes = {}
    for sock in slow:
        outcome = ended.get(id(sock), "still open")
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        sock.close()
    latencies.sort()
    figure = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2) if latencies else None
    print(json.dumps({"slow_connections": outcomes, "ordinary_answered": len(latencies), "ordinary_asked": asked,
                      "ordinary_p50_ms": figure(0.5), "ordinary_p99_ms": figure(0.99)}, sort_keys=True))


if __name__ == "__main__":
    main()
