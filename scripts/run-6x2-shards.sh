#!/bin/bash
# Runs the 6x2 shards still missing from data/6x2/results, one after another at nice 19, in the random order of
# data/6x2/shard-times.tsv (Python random.Random(20261125).shuffle of 45..999), or in reverse with --reverse (run
# one of each to use two cores: a claim file keeps them off each other's shard). Results go to OUT (copy them into
# data/6x2/results); each run's wall, user and system seconds, peak KB, classes, cpuSeconds and load go to
# OUT/times.tsv. `touch OUT/stop` ends it after the shard in hand; a shard stopped midway resumes from its checkpoint.
#   npm run build && scripts/run-6x2-shards.sh OUT [--reverse]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/run-6x2-shards.sh OUT [--reverse]}
mkdir -p "$out"
order=$(python3 -c "
import random, os, sys
done = {int(f.split('-')[1]) for f in os.listdir('$root/data/6x2/results') if f.startswith('shard-')}
o = list(range(45, 1000)); random.Random(20261125).shuffle(o)
o = [s for s in range(45) if s not in done] + [s for s in o if s not in done]
if len(sys.argv) > 1: o.reverse()
print(' '.join(map(str, o)))" ${2:+reverse})
for s in $order; do
  [ -e "$out/stop" ] && break
  f=$(printf 'shard-%03d-of-1000.json' "$s")
  [ -e "$root/data/6x2/results/$f" ] || [ -e "$out/$f" ] || [ -e "$out/claim.$s" ] && continue
  echo $$ > "$out/claim.$s"
  start=$(date -u +%H:%M:%S)
  if /usr/bin/time -f '%e %U %S %M' -o "$out/time.$s" nice -n 19 node "$root/dist/cli/main.js" count \
    --plan "$root/data/6x2/plan.json.gz" --shard "$s" --out "$out" --workers 1 > "$out/log.$s" 2>&1; then
    read -r e u sy m < "$out/time.$s"
    read -r cls cpu < <(python3 -c "import json; d = json.load(open('$out/$f')); print(len(d['values']), d['cpuSeconds'])")
    printf '%s\t-\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$cls" "$start" "$(date -u +%H:%M:%S)" "$e" "$u" "$sy" \
      "$m" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)" >> "$out/times.tsv"
  else
    echo "shard $s failed (see $out/log.$s)" >&2
    rm -f "$out/claim.$s"
    [ -e "$out/stop" ] || exit 1
  fi
done
