#!/usr/bin/env python3
"""Time from starting a server to its first 200 answer on PATH: starts COMMAND (each `{port}`
in it replaced by a free loopback port), asks for PATH every millisecond until the answer is a
200, prints the milliseconds, then stops the server (SIGTERM) and waits for it.

usage: first_answer.py PATH COMMAND...
"""
import http.client
import signal
import socket
import subprocess
import sys
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    path, command = sys.argv[1], sys.argv[2:]
    port = free_port()
    command = [part.replace("{port}", str(port)) for part in command]
    started = time.monotonic()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            if server.poll() is not None:
                raise SystemExit(f"the server exited with {server.returncode} before answering")
            if time.monotonic() - started > 30:
                raise SystemExit("no 200 within 30 s")
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", path)
                status = connection.getresponse().status
                connection.close()
                if status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.001)
        print(f"{(time.monotonic() - started) * 1000:.1f}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
