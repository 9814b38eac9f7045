#!/usr/bin/python3
"""Merges the times.csv of several scenario runs into one markdown comparison table.

    bench_report.py RESULTS_DIR [SCENARIO ...]

RESULTS_DIR/<scenario>/times.csv are hive-bench's per-query files (query, elapsed_ms, jobs, job_ms,
rows, verdict, job_ids). Prints per-query seconds per scenario, the total, the total relative to
`default` and to `no-traffic` when those ran, and whether every answer equalled the reference.
"""
import csv
import os
import sys


def load(path):
    with open(path) as f:
        return {row["query"]: row for row in csv.DictReader(f)}


def seconds(row):
    try:
        return int(row["elapsed_ms"]) / 1000.0
    except (KeyError, TypeError, ValueError):
        return None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    scenarios = sys.argv[2:] or sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "times.csv")))
    runs = {s: load(os.path.join(root, s, "times.csv")) for s in scenarios
            if os.path.isfile(os.path.join(root, s, "times.csv"))}
    queries = sorted({q for r in runs.values() for q in r}, key=lambda q: int(q) if q.isdigit() else 999)
    totals = {}
    lines = ["| scenario | " + " | ".join("Q%s (s)" % q for q in queries) + " | total (s) | vs default | vs no-traffic | answers |",
             "|---|" + "---|" * (len(queries) + 4)]
    for s, run in runs.items():
        cells, total, correct = [], 0.0, True
        for q in queries:
            row = run.get(q)
            t = seconds(row) if row else None
            cells.append("%.1f" % t if t is not None else "failed")
            total = total + t if t is not None and total is not None else None
            correct = correct and row is not None and row.get("verdict") == "equal"
        totals[s] = total
        lines.append([s, cells, total, correct])
    out = lines[:2]
    for s, cells, total, correct in lines[2:]:
        def ratio(base):
            b = totals.get(base)
            return "%.2fx" % (total / b) if total is not None and b else "-"
        out.append("| %s | %s | %s | %s | %s | %s |" % (s, " | ".join(cells), "%.1f" % total if total is not None else "-",
                                                       ratio("default"), ratio("no-traffic"),
                                                       "all equal the reference" if correct else "NOT ALL CORRECT"))
    print("\n".join(out))
    return 0 if all(l[3] for l in lines[2:]) else 1


if __name__ == "__main__":
    sys.exit(main())
