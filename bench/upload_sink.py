#!/usr/bin/env python3
"""An upstream for bench/upload_stream.sh: reads each request body (Content-Length or chunked)
as it comes, keeping only its length and SHA-256, and answers them as JSON. Prints
"listening on PORT" once it accepts connections."""
import hashlib
import http.server
import json
import sys


class Sink(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        digest, count = hashlib.sha256(), 0
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b""):
                        pass
                    break
                count += self._digest(size, digest)
                self.rfile.readline()
        else:
            count = self._digest(int(self.headers.get("Content-Length", "0")), digest)
        body = json.dumps({"bytes": count, "sha256": digest.hexdigest()}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_PUT = do_POST

    def _digest(self, size, digest):
        left = size
        while left > 0:
            piece = self.rfile.read(min(left, 1 << 16))
            if not piece:
                raise ConnectionError("body broke off")
            digest.update(piece)
            left -= len(piece)
        return size

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Sink)
print(f"listening on {server.server_address[1]}", flush=True)
server.serve_forever()
