"""Resident memory of another process, read from /proc, for the bench probes.

`RSSSampler(pid)` samples VmRSS every `interval` seconds on a thread of its own;
`peak_mb()` and `current_mb()` give figures in MB (10^6 bytes), `reset_peak()` starts a new
peak window. `rss_mb(pid)` reads once.
"""
import threading
import time


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024 / 1e6
    return 0.0


class RSSSampler:
    def __init__(self, pid, interval=0.01):
        self.pid = pid
        self.interval = interval
        self.peak = rss_mb(pid)
        self.lock = threading.Lock()
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while self.running:
            try:
                value = rss_mb(self.pid)
            except OSError:
                return
            with self.lock:
                self.peak = max(self.peak, value)
            time.sleep(self.interval)

    def peak_mb(self):
        with self.lock:
            return round(self.peak, 1)

    def reset_peak(self):
        with self.lock:
            self.peak = rss_mb(self.pid)

    def current_mb(self):
        return round(rss_mb(self.pid), 1)

    def stop(self):
        self.running = False
        self.thread.join()
