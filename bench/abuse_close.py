#!/usr/bin/env python3
"""Clients that keep sending after the server has answered: does each read its error answer?

Against a running server (--port), each case runs --tries times and the outcomes are counted:
the status read, or the exception that replaced it (ConnectionResetError when the server's
close reset the connection before the answer was read). Prints one JSON object:
{"case": {"outcome": count, ...}, ...}. Without the server's staged close, the first case gets
ConnectionResetError nearly every time (30/30 before issue 16).

Cases (the server must run with the default limits: 16 MiB body, 8 KiB request line):
  http_client_20mb   Python http.client POSTs 20 MB, then reads the answer       -> 413
  curl_20mb          curl --data-binary @20 MB file, no Expect: 100-continue      -> 413
  announce_20mb_send_3mb  raw socket: Content-Length 20 MB, 3 MB sent, then reads
                     the answer and on to the end: 413 then a clean end of file   -> 413
  request_line_100kb raw socket: a 100 KB request line, then reads to the end     -> 414
  bad_length_then_2mb raw socket: an invalid Content-Length and 2 MB more         -> 400

bench/abuse_close.sh runs it 30 times per case against a release build.
"""
import argparse
import http.client
import json
import os
import shutil
import socket
import subprocess
import tempfile

MB = 1 << 20


def http_client_20mb(port, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("POST", "/echo", body=body)
        response = connection.getresponse()
        response.read()
        return str(response.status)
    finally:
        connection.close()


def curl_20mb(port, path):
    result = subprocess.run(
        ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Expect:", "--max-time", "10",
         "--data-binary", "@" + path, "http://127.0.0.1:%d/echo" % port],
        capture_output=True, text=True)
    return result.stdout if result.returncode == 0 else "curl exit %d (%s)" % (result.returncode, result.stdout)


def raw(port, head, extra):
    """Sends head and extra, then reads to the end: the status, or what went wrong."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        sock.sendall(extra)
        received = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    status_line = received.split(b"\r\n", 1)[0].decode("latin-1")
    parts = status_line.split(" ")
    return parts[1] if len(parts) > 1 else "no answer"


def outcome(run):
    try:
        return run()
    except Exception as error:  # the exception's name is the outcome being counted
        return type(error).__name__


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--tries", type=int, default=30)
    arguments = parser.parse_args()
    port = arguments.port
    body = b"x" * (20 * MB)
    cases = {
        "http_client_20mb": lambda: http_client_20mb(port, body),
        "announce_20mb_send_3mb": lambda: raw(
            port, b"POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: %d\r\n\r\n" % (20 * MB), body[:3 * MB]),
        "request_line_100kb": lambda: raw(
            port, b"GET /" + b"a" * (100 * 1024) + b" HTTP/1.1\r\nHost: t\r\n\r\n", b""),
        "bad_length_then_2mb": lambda: raw(
            port, b"POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1x\r\n\r\n", body[:2 * MB]),
    }
    with tempfile.TemporaryDirectory() as directory:
        if shutil.which("curl"):
            path = os.path.join(directory, "20mb")
            with open(path, "wb") as file:
                file.write(body)
            cases["curl_20mb"] = lambda: curl_20mb(port, path)
        counts = {}
        for name, run in cases.items():
            tally = {}
            for _ in range(arguments.tries):
                result = outcome(run)
                tally[result] = tally.get(result, 0) + 1
            counts[name] = tally
    print(json.dumps(counts, sort_keys=True))


if __name__ == "__main__":
    main()
