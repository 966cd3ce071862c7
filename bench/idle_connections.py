#!/usr/bin/env python3
"""Opens N keep-alive connections to a server, makes one request on each, then holds them all
open and idle for HOLD seconds (or until killed). Prints "ready N" once every response
has arrived, so a caller can measure the server's memory with N idle connections.

usage: idle_connections.py HOST PORT COUNT PATH [HOLD_SECONDS]
"""
import resource
import selectors
import socket
import sys
import time


def main():
    host, port, count, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    hold = float(sys.argv[5]) if len(sys.argv) > 5 else 30.0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    selector = selectors.DefaultSelector()
    sockets = []
    for _ in range(count):
        for attempt in range(50):
            try:
                sock = socket.create_connection((host, port))
                break
            except OSError:
                time.sleep(0.01 * (attempt + 1))
        else:
            raise SystemExit("could not connect")
        sock.setblocking(False)
        sock.sendall(request)
        selector.register(sock, selectors.EVENT_READ, bytearray())
        sockets.append(sock)

    waiting = count
    deadline = time.time() + 60
    while waiting and time.time() < deadline:
        for key, _ in selector.select(timeout=1):
            data = key.fileobj.recv(65536)
            if not data:
                raise SystemExit("server closed a connection")
            buffer = key.data
            buffer.extend(data)
            head_end = buffer.find(b"\r\n\r\n")
            if head_end < 0:
                continue
            length = 0
            for line in bytes(buffer[:head_end]).split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            if len(buffer) >= head_end + 4 + length:
                selector.unregister(key.fileobj)
                waiting -= 1
    if waiting:
        raise SystemExit(f"{waiting} responses missing")
    print(f"ready {count}", flush=True)
    time.sleep(hold)
    for sock in sockets:
        sock.close()


if __name__ == "__main__":
    main()
