#!/usr/bin/env python3
"""The table of bench/perf.sh, printed and written as Markdown to OUT/perf.md, from the files
perf.sh leaves in OUT: runs.tsv (one wrk run a row), mixed.txt (the mixed runs), load_rss.txt
(peak RSS of each 256-connection run, 'ROUND ROUTE SERVER MB') and figures.txt (callgrind, idle,
start-up).

Every ratio is taken inside one round (servers interleaved), then summarised over the rounds as
its median and spread (min–max), so a machine that slows down between rounds moves both sides.

usage: perf_report.py OUT
"""
import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

GOALS = "goals: ≥ 1.5× Hummingbird req/s with p99 no worse (p99 ratio ≤ 1); ≥ 0.6× nginx on the user route"


def spread(values):
    """'median [min–max]' of a list of ratios."""
    if not values:
        return "–"
    return f"{statistics.median(values):.2f} [{min(values):.2f}–{max(values):.2f}]"


def read_runs(out):
    """{(route, connections): {round: {server: (rps, p99)}}} and the rows that saw errors."""
    runs = defaultdict(lambda: defaultdict(dict))
    errors = []
    with open(out / "runs.tsv") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            key = (row["route"], int(row["connections"]))
            runs[key][row["round"]][row["server"]] = (float(row["rps"]), float(row["p99_ms"]))
            if row["errors"] != "-":
                errors.append(f"round {row['round']} {row['route']} c={row['connections']} {row['server']}: {row['errors']}")
    return runs, errors


def ratios(rounds, server, other, index):
    """Per-round ratio server/other of field `index` (0 req/s, 1 p99)."""
    return [servers[server][index] / servers[other][index] for servers in rounds.values()
            if server in servers and other in servers and servers[other][index] > 0]


def medians(rounds, server, index):
    values = [servers[server][index] for servers in rounds.values() if server in servers]
    return statistics.median(values) if values else 0


def lines_of(out, name):
    """The lines of OUT/name, none when perf.sh did not write it."""
    path = out / name
    return path.read_text().splitlines() if path.exists() else []


def read_figures(out):
    return dict(line.partition("=")[::2] for line in lines_of(out, "figures.txt"))


def read_mixed(out):
    """{round: {kind: {field: value}}} from mixed.txt lines 'ROUND KIND key=value …'."""
    mixed = defaultdict(dict)
    for line in lines_of(out, "mixed.txt"):
        round_, kind, *pairs = line.split()
        mixed[round_][kind] = {key: float(value) for key, value in (pair.split("=") for pair in pairs)}
    return mixed


def peak_rss(out):
    """{route: {round: {server: MB}}}: VmHWM (reset before the run) of each 256-connection run."""
    peaks = defaultdict(lambda: defaultdict(dict))
    for round_, route, server, value in (line.split() for line in lines_of(out, "load_rss.txt")):
        peaks[route][round_][server] = float(value)
    return peaks


def peak_ratios(rounds):
    """Per-round ratio ours/peer of the runs' peak RSS."""
    return [servers["ours"] / servers["peer"] for servers in rounds.values()
            if "ours" in servers and "peer" in servers and servers["peer"] > 0]


def highest_peak(peaks, server):
    """The highest peak RSS of `server` over every 256-connection run."""
    return max((servers[server] for rounds in peaks.values() for servers in rounds.values() if server in servers),
               default=0.0)


def peak_rss_table(peaks):
    """Markdown rows: each route's per-run peaks (ours, Hummingbird) and their per-round ratio."""
    md = ["### Peak RSS during the 256-connection runs (VmHWM reset before each run)", "",
          "MB per round, ours / Hummingbird; the ratio ours/HB taken in each round, then its median "
          "[min–max]. Goal: RSS under load no higher than Hummingbird's (median ratio over every run ≤ 1).", "",
          "| route | ours MB per round | HB MB per round | ours/HB |", "|---|---|---|---|"]
    every_run = []
    for route, rounds in peaks.items():
        ordered = [rounds[key] for key in sorted(rounds, key=int)]
        ours = " / ".join(f"{servers['ours']:.1f}" if "ours" in servers else "–" for servers in ordered)
        peer = " / ".join(f"{servers['peer']:.1f}" if "peer" in servers else "–" for servers in ordered)
        values = peak_ratios(rounds)
        every_run += values
        md.append(f"| {route} | {ours} | {peer} | {spread(values)} |")
    md.append(f"| every run | {highest_peak(peaks, 'ours'):.1f} highest | {highest_peak(peaks, 'peer'):.1f} highest | "
              f"{spread(every_run)} |")
    md.append("")
    return md, every_run


def main():
    out = Path(sys.argv[1])
    runs, errors = read_runs(out)
    figures = read_figures(out)
    mixed = read_mixed(out)
    peaks = peak_rss(out)
    md = []

    md.append(f"### Throughput, interleaved ({figures['rounds']} rounds, wrk -t1, {figures['duration']} a run)")
    md.append("")
    md.append("Median of the per-round ratios [min–max]. " + GOALS + ".")
    md.append("")
    md.append("| route | conns | ours req/s | HB req/s | nginx req/s | ours/HB req/s | ours/HB p99 | ours/nginx req/s | p99 ms ours / HB / nginx |")
    md.append("|---|---|---|---|---|---|---|---|---|")
    for (route, connections), rounds in runs.items():
        md.append(
            f"| {route} | {connections} | {medians(rounds, 'ours', 0):.0f} | {medians(rounds, 'peer', 0):.0f} | "
            f"{medians(rounds, 'nginx', 0):.0f} | {spread(ratios(rounds, 'ours', 'peer', 0))} | "
            f"{spread(ratios(rounds, 'ours', 'peer', 1))} | {spread(ratios(rounds, 'ours', 'nginx', 0))} | "
            f"{medians(rounds, 'ours', 1):.2f} / {medians(rounds, 'peer', 1):.2f} / {medians(rounds, 'nginx', 1):.2f} |")
    md.append("")

    md.append("### Journal and access log (user route, same rounds)")
    md.append("")
    md.append(f"Lean serve: `{figures['lean_flags']}`. Cost = 1 − ours/lean req/s (goal: ≤ 10 %).")
    md.append("")
    md.append("| conns | ours/lean req/s | cost |")
    md.append("|---|---|---|")
    for (route, connections), rounds in runs.items():
        if route == "user":
            values = ratios(rounds, "ours", "lean", 0)
            cost = f"{(1 - statistics.median(values)) * 100:.1f} %" if values else "–"
            md.append(f"| {connections} | {spread(values)} | {cost} |")
    md.append("")

    md.append("### Reads with 10 % concurrent writes (user route; ours only: the peer cannot write)")
    md.append("")
    with_writes = [kinds["mixed"]["read_p99_ms"] / kinds["read-only"]["read_p99_ms"]
                   for kinds in mixed.values() if {"mixed", "read-only"} <= kinds.keys() and kinds["read-only"]["read_p99_ms"] > 0]
    def mixed_median(kind, field):
        values = [kinds[kind][field] for kinds in mixed.values() if kind in kinds]
        return statistics.median(values) if values else 0
    failures = sum(kinds["mixed"]["write_failures"] for kinds in mixed.values() if "mixed" in kinds)
    md.append("| | read p99 ms | read p50 ms | read req/s | writes |")
    md.append("|---|---|---|---|---|")
    for kind in ("read-only", "mixed"):
        md.append(f"| {kind} | {mixed_median(kind, 'read_p99_ms'):.2f} | {mixed_median(kind, 'read_p50_ms'):.2f} | "
                  f"{mixed_median(kind, 'read_rps'):.0f} | {mixed_median(kind, 'writes'):.0f} |")
    md.append("")
    md.append(f"Read p99 with writes / read-only, per round: {spread(with_writes)} (goal ≤ 2); failed writes: {failures:.0f}.")
    md.append("")

    ours, lean, nginx = (int(figures[key]) for key in ("ir_ours", "ir_lean", "ir_nginx"))
    md.append(f"### Instructions per request (callgrind, {figures['callgrind_requests']} keep-alive requests, user route)")
    md.append("")
    md.append("| ours | ours lean | nginx | ours/nginx (goal ≤ 3) | journal + access log |")
    md.append("|---|---|---|---|---|")
    md.append(f"| {ours:,} | {lean:,} | {nginx:,} | {ours / nginx:.2f} | {ours - lean:,} ({(ours - lean) / ours * 100:.1f} %) |")
    md.append("")
    md.append(f"Ours' top 15 functions by inclusive instructions: `{figures['top_functions']}`.")
    md.append("")

    rss_rows, every_run = peak_rss_table(peaks)
    md += rss_rows

    starts = [float(value) for value in figures["starts"].split()]
    md.append("### Memory and start-up")
    md.append("")
    md.append("| figure | ours | Hummingbird | goal |")
    md.append("|---|---|---|---|")
    md.append(f"| peak RSS during the 256-connection runs, highest | {highest_peak(peaks, 'ours'):.1f} MB | "
              f"{highest_peak(peaks, 'peer'):.1f} MB | – |")
    md.append(f"| peak RSS during the 256-connection runs, ours/HB per run | {spread(every_run)} | – | median ≤ 1 |")
    md.append(f"| RSS with {figures['idle_connections']} idle keep-alive connections | {figures['idle_rss']} MB | – | < 60 MB |")
    md.append(f"| first answer after start, seeded database | {statistics.median(starts):.0f} ms "
              f"[{min(starts):.0f}–{max(starts):.0f}] of {len(starts)} | – | < 300 ms |")
    if errors:
        md.append("")
        md.append("Runs with errors (wrk): " + "; ".join(errors))

    text = "\n".join(md) + "\n"
    (out / "perf.md").write_text(text)
    print()
    print(text)
    print(f"(written to {out / 'perf.md'}; raw runs in {out})")


if __name__ == "__main__":
    main()
