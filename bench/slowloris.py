#!/usr/bin/env python3
"""Slowloris against a running server: COUNT connections each send a request line, then one
header line a second and never finish; when the server ends one (a 408 at the header timeout)
it is opened again at once, so the slow connections come and go for SECONDS. Meanwhile an
ordinary client in a process of its own (so this one's work does not skew its clock) asks
GET PATH on a fresh connection every 5 ms. Prints one JSON object: how the slow connections
ended (408 expected; "closed" and "reset" are failures), how many were opened, and the
ordinary client's answered count, p50 / p99 / max latency in ms.

usage: slowloris.py PORT [COUNT=300] [SECONDS=6] [PATH=/__admin/health]
bench/slowloris.sh runs it against a release build with --header-timeout 3.
"""
import http.client
import json
import multiprocessing
import resource
import selectors
import socket
import sys
import time


def ordinary_client(port, path, seconds, results):
    latencies = []
    asked = 0
    started = time.monotonic()
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
        time.sleep(0.005)
    results.send((asked, latencies))


def main():
    port = int(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 6.0
    path = sys.argv[4] if len(sys.argv) > 4 else "/__admin/health"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    selector = selectors.DefaultSelector()
    received = {}
    outcomes = {}
    opened = 0

    def open_slow():
        nonlocal opened
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET /slow HTTP/1.1\r\nHost: t\r\n")
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        received[sock] = b""
        opened += 1

    def end(sock, outcome):
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        selector.unregister(sock)
        del received[sock]
        sock.close()

    for _ in range(count):
        open_slow()
    receiving, sending = multiprocessing.Pipe(duplex=False)
    ordinary = multiprocessing.Process(target=ordinary_client, args=(port, path, seconds, sending))
    ordinary.start()
    started = time.monotonic()
    next_header = started + 1
    while time.monotonic() - started < seconds:
        for key, _ in selector.select(timeout=0.05):
            sock = key.fileobj
            try:
                chunk = sock.recv(65536)
            except OSError:
                end(sock, "reset")
                open_slow()
                continue
            if chunk:
                received[sock] += chunk
            else:
                end(sock, "408" if received[sock].startswith(b"HTTP/1.1 408") else "closed")
                open_slow()
        if time.monotonic() >= next_header:
            next_header += 1
            for sock in list(received):
                try:
                    sock.send(b"X-Slow: 1\r\n")
                except OSError:
                    pass
    asked, latencies = receiving.recv()
    ordinary.join()
    outcomes["still open"] = len(received)
    for sock in list(received):
        sock.close()
    latencies.sort()
    figure = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2) if latencies else None
    print(json.dumps({"slow_connections": outcomes, "slow_opened": opened,
                      "ordinary_answered": len(latencies), "ordinary_asked": asked,
                      "ordinary_p50_ms": figure(0.5), "ordinary_p99_ms": figure(0.99),
                      "ordinary_max_ms": round(latencies[-1], 2) if latencies else None}, sort_keys=True))


if __name__ == "__main__":
    main()
