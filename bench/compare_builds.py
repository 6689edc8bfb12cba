#!/usr/bin/env python3
"""Compares one benchmark executable between two builds, the way figures on a shared machine
can be trusted: runs alternate between the builds (base, new, new, base, ...), address-space
randomisation is off (`setarch -R`; the layout alone moves figures by about 10%), and each
benchmark is summarised by the median of the per-round ratios new/base, not by absolute times,
which drift by up to 25% within minutes here.

    # a build of the commit to compare against, next to the working tree's
    git worktree add /tmp/base HEAD~1
    cmake -S /tmp/base -B /tmp/base/build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
    cmake --build /tmp/base/build --target bench_chain_solvers
    cmake --build build --target bench_chain_solvers
    bench/compare_builds.py /tmp/base/build build bench_chain_solvers --filter 'two-bone' --rounds 6

Ratios under 1 mean the new build is faster. Treat differences within about 5% as noise unless
they hold over several invocations.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys


def run_once(build_dir, bench, bench_filter, min_time):
    exe = os.path.join(build_dir, "bench", bench)
    command = [exe, f"--benchmark_filter={bench_filter}", f"--benchmark_min_time={min_time}", "--benchmark_format=json"]
    if shutil.which("setarch"):
        command = ["setarch", "-R"] + command
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["benchmarks"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base_build", help="build directory of the reference commit")
    parser.add_argument("new_build", help="build directory of the change")
    parser.add_argument("bench", help="benchmark executable under bench/, e.g. bench_chain_solvers")
    parser.add_argument("--filter", default=".", help="Google Benchmark filter (a regular expression)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds; each runs both builds once")
    parser.add_argument("--min-time", default="0.1", help="--benchmark_min_time per benchmark, seconds")
    args = parser.parse_args()

    times = {}  # (name, which) -> [real_time per round]
    order = []
    for round_index in range(args.rounds):
        builds = [("base", args.base_build), ("new", args.new_build)]
        if round_index % 2:
            builds.reverse()
        for which, build_dir in builds:
            for b in run_once(build_dir, args.bench, args.filter, args.min_time):
                if b.get("run_type") == "aggregate":
                    continue
                name = b["name"]
                if name not in order:
                    order.append(name)
                times.setdefault((name, which), []).append(b["real_time"])

    width = max((len(n) for n in order), default=10)
    print(f"{'benchmark':{width}}  {'base (fastest)':>16}  {'new (fastest)':>16}  ratio new/base (median of rounds)")
    for name in order:
        base = times.get((name, "base"), [])
        new = times.get((name, "new"), [])
        if not base or not new:
            continue
        ratio = statistics.median(n / b for n, b in zip(new, base))
        print(f"{name:{width}}  {min(base):16.1f}  {min(new):16.1f}  {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
