#!/usr/bin/env python3
"""A server at its descriptor limit: COUNT clients each connect, ask `GET /__admin/health` and
stay open (keep-alive), holding a descriptor in the server. Prints one JSON object counting the
answers (200 while descriptors last, then 503 with Retry-After: 1 from the reserve descriptor)
and the clients that got none ("no answer": a reset, close or silence — must be 0).

usage: descriptor_limit.py PORT [COUNT=400]
bench/descriptor_limit.sh runs it against a release build limited to 256 descriptors.
"""
import json
import resource
import socket
import sys


def ask(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"GET /__admin/health HTTP/1.1\r\nHost: t\r\n\r\n")
    answer = b""
    try:
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    except OSError:
        pass
    if not answer.startswith(b"HTTP/1.1 "):
        return sock, "no answer"
    status = answer[9:12].decode()
    if status == "503" and b"\r\nretry-after: 1\r\n" not in answer.lower():
        status = "503 without Retry-After"
    return sock, status


def main():
    port = int(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held, counts = [], {}
    for _ in range(count):
        sock, outcome = ask(port)
        counts[outcome] = counts.get(outcome, 0) + 1
        held.append(sock)
    for sock in held:
        sock.close()
    print(json.dumps({"clients": count, "answers": counts}, sort_keys=True))


if __name__ == "__main__":
    main()
