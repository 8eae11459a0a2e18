#!/usr/bin/env python3
"""Prints the StageCall results of a JMH JSON file (-rf json) as a markdown table with the ratios
docs/performance.md reports. Usage: python3 bench/scripts/jmh_table.py results.json"""
import json
import re
import sys

# (label, numerator case, denominator case): printed for every stage that has both cases.
RATIOS = [
    ("on / hand-written SDK", "spanweaveOn", "otelSdk"),
    ("on / javaagent", "spanweaveOn", "javaagent"),
    ("hand-written SDK / javaagent", "otelSdk", "javaagent"),
    ("no processor: on / javaagent", "spanweaveNoProcessor", "javaagent"),
    ("spanweave's own processor: on / javaagent", "spanweaveOwnProcessor", "javaagent"),
    ("no processor: on / hand-written SDK", "spanweaveNoProcessor", "otelSdkNoProcessor"),
]


def load(path):
    """{stage: {case: (ns/op, its error, B/op or None)}} of one StageCall JSON file."""
    rows = {}
    for r in json.load(open(path)):
        name = r["benchmark"].rsplit(".", 1)[1]
        m = re.match(r"(\w+?)_(\d+)_(\w+)", name)
        if not m:
            continue
        stage, _, case = m.groups()
        p = r["primaryMetric"]
        alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
        rows.setdefault(stage, {})[case] = (p["score"], p["scoreError"], alloc)
    return rows


def fmt(v):
    return "n/a" if v is None else ("%.1f" % v if v < 100 else "%.0f" % v)


def main():
    rows = load(sys.argv[1])
    print("| stage | case | ns/op | ± (99.9%) | B/op |")
    print("|---|---|---:|---:|---:|")
    for stage, cases in rows.items():
        for case, (score, err, alloc) in cases.items():
            err_s = "n/a" if err != err else fmt(err)  # NaN when a single iteration
            print(f"| {stage} | {case} | {fmt(score)} | {err_s} | {fmt(alloc) if alloc is not None and alloc >= 0.01 else '≈ 0'} |")
    print()
    for stage, cases in rows.items():
        c = {k: v[0] for k, v in cases.items()}
        parts = []
        if "spanweaveOff" in c and "direct" in c:
            parts.append("off − direct = %+.2f ns" % (c["spanweaveOff"] - c["direct"]))
        for label, numerator, denominator in RATIOS:
            if numerator in c and denominator in c:
                parts.append("%s = %.2f×" % (label, c[numerator] / c[denominator]))
        if "otelApiNoop" in c and "spanweaveOff" in c:
            parts.append("OTel no-op API / spanweave off = %.1f×" % (c["otelApiNoop"] / c["spanweaveOff"]))
        print(f"- {stage}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
