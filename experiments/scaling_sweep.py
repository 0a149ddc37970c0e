"""Shared by the scaling studies (experiments/kumar94, experiments/local): runs a
grid of `stacksplit` searches (workload x scheme x P), collects their run
records, and writes speedup tables, a CSV and gnuplot plots.

Python 3 standard library only; plots need gnuplot (skipped with a note when it
is missing, and a gnuplot failure is a warning, not the end of a study). The run records are the format of core/run_record.cpp.
"""

import concurrent.futures
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAT_EXIT_OK = (0, 10, 20)  # `stacksplit sat`: 10 satisfiable, 20 unsatisfiable


def add_common_arguments(parser, default_out):
    parser.add_argument("--out", default=os.path.join(ROOT, "results", default_out),
                        help="results folder (default: %(default)s)")
    parser.add_argument("--build", default=os.environ.get("STACKSPLIT_BUILD",
                                                          os.path.join(ROOT, "build")),
                        help="build folder (default: $STACKSPLIT_BUILD or ./build)")
    parser.add_argument("--no-build", action="store_true",
                        help="use the binaries in --build as they are")
    parser.add_argument("--schemes", default=os.environ.get("SCHEMES", ""),
                        help="comma-separated schemes (default: $SCHEMES, else every scheme "
                             "`stacksplit` knows)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="runs at a time (default: the cores)")


def build(build_dir, targets):
    subprocess.run([os.path.join(ROOT, "scripts", "install-deps")], check=True)
    subprocess.run(["cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release"],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", build_dir, "--target", *targets, "-j",
                    str(os.cpu_count() or 2)], check=True, stdout=subprocess.DEVNULL)


def binaries(args):
    """(stacksplit, stacksplit-gen-cnf) paths, building them unless --no-build."""
    if not args.no_build:
        build(args.build, ["stacksplit", "stacksplit-gen-cnf"])
    found = []
    for name, sub in (("stacksplit", "apps/cli"), ("stacksplit-gen-cnf", "apps/sat")):
        path = os.path.join(args.build, sub, name)
        if not os.access(path, os.X_OK):
            sys.exit(f"{path}: not built (run without --no-build, or set --build)")
        found.append(path)
    return found


def registry(binary, kind):
    """The registry's entries of `kind` (schemes, topologies, ...), as `stacksplit list` gives them."""
    probe = subprocess.run([binary, "list", kind, "--json"], capture_output=True, text=True)
    if probe.returncode != 0:
        sys.exit(f"`stacksplit list {kind} --json` failed: " + probe.stderr.strip())
    return json.loads(probe.stdout)[kind]


def scheme_names(binary, requested, families=("receiver", "sender")):
    """The schemes to sweep: --schemes, else the tree-search schemes of the registry."""
    if requested:
        return [s for s in requested.split(",") if s]
    return [entry["name"] for entry in registry(binary, "schemes") if entry["family"] in families]


def sat_instance(generator, folder, variables, ratio, seed):
    """A uniform random 3-SAT formula, made once and kept in `folder`."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"rand3-n{variables}-r{ratio}-s{seed}.cnf")
    if not os.path.exists(path):
        subprocess.run([generator, "random", "-n", str(variables), "--ratio", str(ratio),
                        "--seed", str(seed), "-o", path], check=True)
    return path


class Run:
    """One `stacksplit` invocation: `command` is argv without --json/--quiet."""

    def __init__(self, workload, scheme, workers, command, launcher=(), label=""):
        self.workload = workload
        self.label = label  # e.g. the runtime, where runs of several are tabled together
        self.scheme = scheme
        self.workers = workers
        self.command = list(command)
        self.launcher = list(launcher)  # e.g. mpirun -np 2
        self.record = None
        self.wall_s = None
        self.error = None


def _execute(run, timeout):
    with tempfile.TemporaryDirectory() as folder:
        records = os.path.join(folder, "run.jsonl")
        argv = run.launcher + run.command + ["--json", records, "--quiet"]
        start = time.perf_counter()
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            run.error = f"timed out after {timeout} s"
            return run
        run.wall_s = time.perf_counter() - start
        if done.returncode not in SAT_EXIT_OK or not os.path.exists(records):
            run.error = (done.stderr.strip() or done.stdout.strip())[-300:] or \
                f"exit status {done.returncode}"
            return run
        with open(records) as lines:
            run.record = json.loads(lines.read().splitlines()[-1])
    return run


def execute(runs, jobs, timeout=3600, log=sys.stderr):
    """Runs them `jobs` at a time; results stay in the order given."""
    total = len(runs)
    finished = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for run in pool.map(lambda r: _execute(r, timeout), runs):
            finished += 1
            status = run.error if run.error else "T = %.4g s (%s), W = %d" % (
                run.record["time_s"], run.record["time_kind"], run.record["nodes"])
            print(f"[{finished}/{total}] {run.workload} {run.scheme} P={run.workers}: {status}",
                  file=log, flush=True)
    return runs


def write_records(path, runs):
    with open(path, "w") as out:
        for run in runs:
            if run.record:
                out.write(json.dumps(run.record, sort_keys=True) + "\n")


CSV_FIELDS = ["workload", "app", "instance", "W", "runtime", "scheme", "P", "time_s",
              "time_kind", "T1_s", "speedup", "efficiency", "requests", "work_transfers",
              "messages", "idle_s", "wall_s", "error"]


def csv_rows(runs, sequential_time):
    """One row per run; `sequential_time(run)` gives T1 (None: unknown)."""
    rows = []
    for run in runs:
        row = {"workload": run.workload, "scheme": run.scheme, "P": run.workers,
               "error": run.error or ""}
        record = run.record
        if record:
            t1 = sequential_time(run)
            counters = record.get("counters", {})
            row.update({
                "app": record["app"], "instance": record["instance"], "W": record["nodes"],
                "runtime": record["runtime"], "time_s": record["time_s"],
                "time_kind": record["time_kind"], "requests": counters.get("requests"),
                "work_transfers": counters.get("work_transfers"),
                "messages": counters.get("messages"), "idle_s": counters.get("idle_s"),
                "wall_s": round(run.wall_s, 3)})
            if t1 and record["time_s"] > 0:
                row["T1_s"] = t1
                row["speedup"] = t1 / record["time_s"]
                row["efficiency"] = t1 / (run.workers * record["time_s"])
        rows.append(row)
    return rows


def write_csv(path, rows):
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow(row)


def table(rows, workload, value, label):
    """Schemes down, P across: `value` of each row of `workload`, as text."""
    mine = [r for r in rows if r["workload"] == workload]
    workers = sorted({r["P"] for r in mine})
    schemes = list(dict.fromkeys(r["scheme"] for r in mine))
    cell = {(r["scheme"], r["P"]): r.get(value) for r in mine}
    width = max([9] + [len(s) + 1 for s in schemes])
    lines = [f"{label} ({workload})", f"{'scheme':<{width}}" + "".join(f"{p:>8}" for p in workers)]
    for scheme in schemes:
        values = [cell.get((scheme, p)) for p in workers]
        lines.append(f"{scheme:<{width}}" + "".join(
            f"{v:8.2f}" if isinstance(v, (int, float)) else f"{'-':>8}" for v in values))
    return "\n".join(lines) + "\n"


def plot_speedups(folder, rows, workload, title, log_scale=True):
    """speedup_<workload>.png (and .gp, .dat): speedup against P, one line a scheme."""
    if not shutil.which("gnuplot"):
        print("gnuplot not found: plots skipped", file=sys.stderr)
        return None
    mine = [r for r in rows if r["workload"] == workload and r.get("speedup")]
    if not mine:
        return None
    schemes = list(dict.fromkeys(r["scheme"] for r in mine))
    stem = os.path.join(folder, "speedup_" + safe_name(workload))
    with open(stem + ".dat", "w") as data:
        for scheme in schemes:
            data.write(f'"{scheme}"\n')
            for r in sorted((r for r in mine if r["scheme"] == scheme), key=lambda r: r["P"]):
                data.write(f'{r["P"]} {r["speedup"]:.6g}\n')
            data.write("\n\n")
    most = max(r["P"] for r in mine)
    scale = "set logscale xy 2\n" if log_scale else ""
    with open(stem + ".gp", "w") as script:
        script.write(
            f'set terminal pngcairo size 800,560\nset output "{os.path.basename(stem)}.png"\n'
            f'set title "{title}" noenhanced\nset xlabel "P (processors)"\n'
            f'set ylabel "speedup"\n{scale}set key left top\nset grid\n'
            f'set xrange [1:{most * 1.2}]\n'
            f'plot x title "ideal" with lines dashtype 2 lc "gray", \\\n'
            + ", \\\n".join(f'  "{os.path.basename(stem)}.dat" index {i} using 1:2 '
                            f'title columnheader(1) with linespoints'
                            for i in range(len(schemes))) + "\n")
    # A plot is a by-product: a gnuplot that fails (no pngcairo, a bad font) must
    # not cost the study its tables, analysis/ and summary.md.
    try:
        done = subprocess.run(["gnuplot", os.path.basename(stem) + ".gp"], cwd=folder,
                              capture_output=True, text=True)
    except OSError as error:
        print(f"warning: gnuplot could not run ({error}): {stem}.png skipped", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"warning: gnuplot failed (exit {done.returncode}) on {stem}.gp, plot skipped: "
              f"{done.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    return stem + ".png"


def safe_name(text):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)


def analyze(binary, records, folder, efficiencies, group_by):
    """Runs `stacksplit analyze` (efficiency tables, isoefficiency fits) into `folder`;
    its report goes to analysis.txt. Returns the report, or why there is none."""
    os.makedirs(folder, exist_ok=True)
    command = [binary, "analyze", records, "-o", folder, "-e", efficiencies, "-g", group_by]
    done = subprocess.run(command, capture_output=True, text=True)
    report = done.stdout + (("\n" + done.stderr) if done.stderr else "")
    with open(os.path.join(folder, "analysis.txt"), "w") as out:
        out.write("$ " + " ".join(command) + "\n" + report)
    if done.returncode != 0:
        return f"`stacksplit analyze` failed (exit {done.returncode}): {done.stderr.strip()[:300]}"
    return report
