"""The mpirun half of experiments/cluster: flat and two-level balancing on this
machine's ranks x threads (the mpi runtime, issue 37), side by side.

Each shape R x T runs `mpirun -np R stacksplit uts --tree TREE --workers T
--balance B`, interleaved over the shapes and policies, --repeat times; a
1-worker run of the threads runtime in the same loop gives T1. The table has,
per shape and policy, the median time, the efficiency T1 / (P x Tp), and the
messages (and bytes) between ranks and inside a rank from the run record
(its counters messages_between_nodes and messages_inside_nodes: a rank is a
node). On a 2-core host 2 x 2 is oversubscribed (four threads on two cores):
its messages count, its time does not.
"""

import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SHAPES = ((1, 2), (2, 1), (2, 2))
BALANCES = ("flat", "two-level")
MPI_ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")


def _run(command, record_path):
    if os.path.exists(record_path):
        os.remove(record_path)
    start = time.monotonic()
    done = subprocess.run(command + ["--json", record_path, "--quiet"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=MPI_ENV, timeout=3600)
    wall = time.monotonic() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
    with open(record_path) as lines:
        record = json.loads(lines.readline())
    return record, wall


def run(binary, folder, tree="T1", scheme="rp", repeat=3, mpirun=None):
    """Runs the study; writes mpirun.csv, mpirun.jsonl, mpirun.gp/.png into
    `folder`; returns the summary's text."""
    mpirun = mpirun or shutil.which("mpirun")
    if mpirun is None:
        return "mpirun half: no mpirun on this host, skipped\n"
    os.makedirs(folder, exist_ok=True)
    records_path = os.path.join(folder, "mpirun.jsonl")
    samples = {}
    sequential = []
    with tempfile.TemporaryDirectory() as scratch, open(records_path, "w") as records:
        record_path = os.path.join(scratch, "run.jsonl")
        for round_ in range(repeat):
            record, _ = _run([binary, "uts", "--tree", tree, "--workers", "1", "--runtime",
                              "threads"], record_path)
            sequential.append(record["time_s"])
            records.write(json.dumps(record) + "\n")
            for ranks, threads in SHAPES:
                for balance in BALANCES:
                    command = [mpirun, "--oversubscribe", "-np", str(ranks), binary, "uts",
                               "--tree", tree, "--workers", str(threads), "--scheme", scheme,
                               "--balance", balance]
                    record, wall = _run(command, record_path)
                    records.write(json.dumps(record) + "\n")
                    samples.setdefault((ranks, threads, balance), []).append((record, wall))
            print(f"cluster (mpirun): round {round_ + 1} of {repeat} done", file=sys.stderr)
    t1 = statistics.median(sequential)
    nodes = None
    rows = []
    for (ranks, threads, balance), runs in samples.items():
        record = runs[0][0]
        counts = {r["nodes"] for r, _ in runs}
        if nodes is None:
            nodes = record["nodes"]
        if counts != {nodes}:
            raise RuntimeError(f"{ranks} x {threads} {balance}: node counts {counts}, not {nodes}")
        tp = statistics.median(r["time_s"] for r, _ in runs)
        c = record["counters"]
        rows.append({
            "R": ranks, "T": threads, "P": ranks * threads, "balance": balance,
            "Tp_s": round(tp, 4), "efficiency": round(t1 / (ranks * threads * tp), 3),
            "wall_s": round(statistics.median(w for _, w in runs), 3),
            "messages_between": statistics.median(
                r["counters"]["messages_between_nodes"] for r, _ in runs),
            "messages_inside": statistics.median(
                r["counters"]["messages_inside_nodes"] for r, _ in runs),
            "bytes_between": c["bytes_between_nodes"], "bytes_inside": c["bytes_inside_nodes"],
        })
    rows.sort(key=lambda row: (row["R"], row["T"], row["balance"]))
    with open(os.path.join(folder, "mpirun.csv"), "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    _plot(folder, rows, tree)
    lines = [f"mpirun on this host ({os.cpu_count()} cores), UTS {tree} ({nodes} nodes, exact in "
             f"every run), {scheme}, medians of {repeat}; T1 = {t1:.3f} s (threads, 1 worker):",
             "  %5s %10s  %8s %6s  %12s %12s" %
             ("R x T", "balance", "Tp s", "E", "between", "inside")]
    for row in rows:
        lines.append("  %5s %10s  %8.3f %6.3f  %12d %12d" %
                     (f"{row['R']}x{row['T']}", row["balance"], row["Tp_s"], row["efficiency"],
                      row["messages_between"], row["messages_inside"]))
    lines.append("  (2 x 2 on a 2-core host is oversubscribed: its messages count, its time "
                 "does not)")
    return "\n".join(lines) + "\n"


def _plot(folder, rows, tree):
    """Messages between ranks and inside ranks, flat against two-level, a bar pair a shape."""
    script = os.path.join(folder, "mpirun.gp")
    with open(script, "w") as out:
        out.write('set terminal pngcairo size 900,450\nset output "mpirun.png"\n'
                  f'set title "mpirun ranks x threads on this host, UTS {tree}: messages"\n'
                  "set style data histograms\nset style histogram clustered gap 1\n"
                  "set style fill solid 0.8 border -1\nset logscale y\nset yrange [1:*]\n"
                  'set ylabel "messages"\nset key top left\n'
                  "plot '-' using 2:xtic(1) title \"between ranks\", "
                  "'-' using 2:xtic(1) title \"inside a rank\"\n")
        for column in ("messages_between", "messages_inside"):
            for row in rows:
                out.write(f"\"{row['R']}x{row['T']} {row['balance']}\" {max(row[column], 1)}\n")
            out.write("e\n")
    if shutil.which("gnuplot") is None:
        print("gnuplot not found: mpirun.gp written, not rendered", file=sys.stderr)
        return
    done = subprocess.run(["gnuplot", "mpirun.gp"], cwd=folder, capture_output=True, text=True)
    if done.returncode != 0:
        print("gnuplot failed: " + done.stderr.strip(), file=sys.stderr)
