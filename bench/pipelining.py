#!/usr/bin/env python3
"""One client pipelining COUNT requests (`GET PATH`) on one connection before reading any
answer, against a running server. It writes until everything is sent or the server stops
taking bytes for 2 s (reading paused: its queued output is at the cap), then reads every
answer, writing the rest as the server takes it. Samples the server's resident memory from
/proc/PID/status every 10 ms and prints one JSON line:
  answered / asked  answers read (all 200 expected) and requests sent
  statuses          the answers by status
  stalled           true when the server stopped reading before the client read (back-pressure)
  peak_mb           highest RSS during the run; before_mb and after_mb around it (after: 2 s later)
Goal (issue 16): peak < 100 MB for 77,000 requests.

usage: pipelining.py PORT PID [COUNT=77000] [PATH=/__admin/health]
bench/pipelining.sh runs it against a release build.
"""
import json
import re
import selectors
import socket
import sys
import time

from rss import RSSSampler

CHUNK = 1 << 20
LENGTH = re.compile(rb"\r\ncontent-length: *([0-9]+)", re.IGNORECASE)


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 77000
    path = sys.argv[4] if len(sys.argv) > 4 else "/__admin/health"
    request = ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path).encode()
    payload = memoryview(request * count)
    sampler = RSSSampler(pid)
    before = sampler.current_mb()

    sock = socket.create_connection(("127.0.0.1", port))
    sock.setblocking(False)
    sent = 0
    last_progress = time.monotonic()
    stalled = False
    while sent < len(payload):
        try:
            sent += sock.send(payload[sent:sent + CHUNK])
            last_progress = time.monotonic()
        except BlockingIOError:
            if time.monotonic() - last_progress > 2:
                stalled = True
                break
            time.sleep(0.005)

    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if sent < len(payload) else 0))
    received = bytearray()
    statuses = {}
    answered = 0
    scan = 0
    deadline = time.monotonic() + 120
    while answered < count and time.monotonic() < deadline:
        for key, events in selector.select(timeout=1):
            if events & selectors.EVENT_WRITE:
                try:
                    sent += sock.send(payload[sent:sent + CHUNK])
                except BlockingIOError:
                    pass
                if sent >= len(payload):
                    selector.modify(sock, selectors.EVENT_READ)
            if events & selectors.EVENT_READ:
                chunk = sock.recv(1 << 20)
                if not chunk:
                    deadline = 0
                    break
                received += chunk
        # Frame answers by Content-Length; keep only the unread tail.
        while True:
            end = received.find(b"\r\n\r\n", scan)
            if end < 0:
                scan = max(0, len(received) - 3)
                break
            head = bytes(received[:end])
            match = LENGTH.search(head)
            length = int(match.group(1)) if match else 0
            if len(received) < end + 4 + length:
                scan = end
                break
            status = head[9:12].decode()
            statuses[status] = statuses.get(status, 0) + 1
            answered += 1
            del received[:end + 4 + length]
            scan = 0
    peak = sampler.peak_mb()
    sock.close()
    time.sleep(2)
    after = sampler.current_mb()
    sampler.stop()
    print(json.dumps({"asked": count, "answered": answered, "statuses": statuses, "stalled": stalled,
                      "before_mb": before, "peak_mb": peak, "after_mb": after}, sort_keys=True))


if __name__ == "__main__":
    main()
