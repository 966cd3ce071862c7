#!/usr/bin/env python3
"""Sends exactly N GET requests for PATH, one after another, on ONE keep-alive connection, and
checks every answer is a 200 with its whole Content-Length body. bench/perf.sh runs it under
callgrind (counters zeroed before, dumped after), so the server's instructions divided by N
are its instructions per request; nothing else may reach the server meanwhile.

usage: keepalive_client.py HOST PORT PATH N
"""
import socket
import sys


def read_answer(sock, pending):
    """Reads one response; returns (status, bytes left over after it)."""
    while b"\r\n\r\n" not in pending:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("connection closed before an answer's head")
        pending += chunk
    head, _, rest = pending.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
        elif name.strip().lower() == b"transfer-encoding":
            raise SystemExit("chunked answers are not expected here")
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("connection closed inside an answer's body")
        rest += chunk
    return status, rest[length:]


def main():
    host, port, path, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: */*\r\n\r\n".encode()
    sock = socket.create_connection((host, port), timeout=120)
    pending = b""
    for _ in range(count):
        sock.sendall(request)
        status, pending = read_answer(sock, pending)
        if status != 200:
            raise SystemExit(f"{path} answered {status}")
    sock.close()
    print(f"{count} requests answered 200 on one connection")


if __name__ == "__main__":
    main()
