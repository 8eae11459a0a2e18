#!/usr/bin/env bash
# Runs the three benchmarks of docs/performance.md in one sequence, as that page reports them, and
# keeps every output with the machine's load average at each start, in one results directory.
#
#   bench/scripts/run-all.sh [results-dir]        (default: bench/target/results-<UTC time>)
#
# Build first: mvn -B -q -pl bench -am package -DskipTests
# Takes about 25 minutes on 2 cores. Run it on a quiet machine: the ratios are measured side by
# side, but background load widens every error bar.
set -euo pipefail
cd "$(dirname "$0")/../.."
jar=bench/target/benchmarks.jar
if [[ ! -f $jar ]]; then
  echo "error: $jar is missing; build it first with: mvn -B -q -pl bench -am package -DskipTests" >&2
  exit 1
fi
out=${1:-bench/target/results-$(date -u +%Y%m%dT%H%MZ)}
mkdir -p "$out"

stamp() { echo "== $1: $(date -u +%H:%M:%S) UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/timeline.txt"; }

{ echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"; java -version 2>&1 | head -2; nproc; } > "$out/machine.txt"

stamp "1 StageCall"
java -jar "$jar" StageCall -f 2 -wi 3 -w 2s -i 5 -r 2s -prof gc -rf json -rff "$out/stagecall.json" > "$out/stagecall.log" 2>&1
python3 bench/scripts/jmh_table.py "$out/stagecall.json" > "$out/stagecall.md"

stamp "2 ExportThroughput"
java -cp "$jar" io.spanweave.bench.export.ExportThroughput --seconds 10 --rates 200000,300000,400000 \
  --overload-seconds 5 --burst 300000 > "$out/export.txt" 2>&1

stamp "3 CompileOverhead"
java -cp "$jar" io.spanweave.bench.compile.CompileOverhead --runs 5 --warm 3 > "$out/compile.txt" 2>&1

stamp "done"
echo "results in $out: stagecall.md, export.txt, compile.txt, timeline.txt"
