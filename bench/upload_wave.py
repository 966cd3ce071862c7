#!/usr/bin/env python3
"""Upload waves against a running server: WAVES times, CLIENTS concurrent uploads of MB
megabytes each (`POST PATH`, one connection per upload, sent in 64 KiB writes; like curl, an
upload stops sending when an answer arrives early), then SETTLE seconds of quiet. Samples the server's resident memory from
/proc/PID/status every 10 ms and prints one JSON line per wave:
  statuses        how the uploads were answered (200/404…: served; 503: over the body budget)
  errors          uploads that got no answer (a reset or close before it: must be 0)
  peak_mb         highest RSS during the wave
  settled_mb      RSS SETTLE seconds after the last answer
  under_80mb_s    seconds after the last answer until RSS was under 80 MB (null: never)
then a summary line with the highest peak and the last settled figure.

usage: upload_wave.py PORT PID [CLIENTS=50] [MB=15] [WAVES=3] [SETTLE=10] [PATH=/__admin/health]
bench/upload_wave.sh runs it against a release build.
"""
import json
import select
import socket
import sys
import threading
import time

from rss import RSSSampler


def upload(port, path, size, results, index):
    head = ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
            "Content-Length: %d\r\nConnection: close\r\n\r\n" % (path, size)).encode()
    block = b"u" * 65536
    answer = b""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        sock.sendall(head)
        sent = 0
        try:
            # Like curl, stop sending once an early answer (a 503 over the budget) is waiting.
            while sent < size and not select.select([sock], [], [], 0)[0]:
                piece = block[:min(len(block), size - sent)]
                sock.sendall(piece)
                sent += len(piece)
        except OSError:
            pass  # refused early: the answer is already waiting to be read
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        sock.close()
    except OSError as error:
        if not answer:
            results[index] = "error:%s" % type(error).__name__
            return
    results[index] = answer[9:12].decode() if answer.startswith(b"HTTP/1.1 ") else "error:no answer"


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    clients = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    megabytes = float(sys.argv[4]) if len(sys.argv) > 4 else 15
    waves = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    settle = float(sys.argv[6]) if len(sys.argv) > 6 else 10
    path = sys.argv[7] if len(sys.argv) > 7 else "/__admin/health"
    size = int(megabytes * 1e6)
    sampler = RSSSampler(pid)
    summary = {"peak_mb": 0.0, "settled_mb": None, "errors": 0}
    for wave in range(1, waves + 1):
        sampler.reset_peak()
        results = [None] * clients
        threads = [threading.Thread(target=upload, args=(port, path, size, results, i)) for i in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        peak = sampler.peak_mb()
        answered = time.monotonic()
        under = None
        while time.monotonic() - answered < settle:
            if under is None and sampler.current_mb() < 80:
                under = round(time.monotonic() - answered, 2)
            time.sleep(0.05)
        settled = sampler.current_mb()
        statuses = {}
        for result in results:
            statuses[result] = statuses.get(result, 0) + 1
        errors = sum(count for key, count in statuses.items() if key.startswith("error"))
        print(json.dumps({"wave": wave, "statuses": statuses, "errors": errors, "peak_mb": peak,
                          "settled_mb": settled, "under_80mb_s": under}, sort_keys=True), flush=True)
        summary["peak_mb"] = max(summary["peak_mb"], peak)
        summary["settled_mb"] = settled
        summary["errors"] += errors
    sampler.stop()
    print(json.dumps(dict(summary, clients=clients, megabytes=megabytes, waves=waves), sort_keys=True))


if __name__ == "__main__":
    main()
