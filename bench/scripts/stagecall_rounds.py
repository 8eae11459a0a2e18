#!/usr/bin/env python3
"""Spanweave on against the hand-written SDK span, round by round: one JMH JSON file per round, each
round one fork of every case, so that the two cases of a stage run one right after the other and a slow
patch of the machine moves both. Prints each round's ratio per stage, their median, and the median
ns/op and B/op (with -prof gc) of each case.
Usage: python3 bench/scripts/stagecall_rounds.py round-1.json round-2.json ..."""
import statistics
import sys

from jmh_table import load

ON, PEER = "spanweaveOn", "otelSdk"


def main():
    rounds = [load(path) for path in sys.argv[1:]]
    stages = [s for s in rounds[0] if ON in rounds[0][s] and PEER in rounds[0][s]]
    print("| stage | ratio per round | median ratio | on ns/op (median) | SDK ns/op (median) | B/op (on / SDK) |")
    print("|---|---|---:|---:|---:|---:|")
    for stage in stages:
        ratios = [r[stage][ON][0] / r[stage][PEER][0] for r in rounds]
        on = statistics.median(r[stage][ON][0] for r in rounds)
        peer = statistics.median(r[stage][PEER][0] for r in rounds)
        print(f"| `{stage}` | {', '.join('%.2f' % x for x in ratios)} | **{statistics.median(ratios):.2f}×** "
              f"| {on:.0f} | {peer:.0f} | {allocation(rounds, stage, ON)} / {allocation(rounds, stage, PEER)} |")


def allocation(rounds, stage, case):
    """The median B/op of a case, or n/a when a round ran without -prof gc."""
    values = [r[stage][case][2] for r in rounds]
    return "n/a" if None in values else "%.0f" % statistics.median(values)


if __name__ == "__main__":
    main()
