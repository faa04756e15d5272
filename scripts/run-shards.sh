#!/bin/bash
# Runs the shards of a plan one after another at nice 19, those not yet in RESULTS (the committed ones) nor in OUT,
# in the order given (a list of shard indices, or "-": every shard of the plan, in plan order); --reverse takes the
# order backwards (run one of each to use two cores: a claim file in OUT keeps them off each other's shard). Results
# go to OUT (copy them into RESULTS); each run's wall, user and system seconds, peak KB, units, cpuSeconds and load go
# to OUT/times.tsv. `touch OUT/stop` ends it after the shard in hand; a shard stopped midway resumes from its
# checkpoint. A shard that fails is logged (OUT/log.I) and left: the next one is tried.
#   npm run build && scripts/run-shards.sh PLAN RESULTS OUT ORDER [--reverse]
# e.g. the Burnside terms of 6x2 (docs/essentially-different.md), shards 40..99 first (0..39 hold a term read from the
# 6x2 certificate, which fails while it is partial):
#   scripts/run-shards.sh data/essential-6x2/plan.json data/essential-6x2/results OUT "$(seq -s ' ' 40 99) $(seq -s ' ' 0 39)"
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
usage='usage: scripts/run-shards.sh PLAN RESULTS OUT ORDER [--reverse]'
plan=${1:?$usage}
results=${2:?$usage}
out=${3:?$usage}
order=${4:?$usage}
mkdir -p "$out"
# the plan read once: its number of shards, then its shards in plan order
{ read -r shards; read -r every; } < <(node --input-type=module -e "
const { readPlan } = await import('$root/dist/io/shardFiles.js');
try {
  const plan = readPlan(process.argv[1], { payload: false });
  console.log(plan.shards + '\\n' + [...plan.assignment.keys()].join(' '));
} catch (e) { console.error('run-shards.sh: ' + e.message); }" "$plan")
[ -n "${shards:-}" ] || exit 2
[ "$order" = - ] && order=$every
[ "${5:-}" = --reverse ] && order=$(echo "$order" | tr ' ' '\n' | tac | tr '\n' ' ')
last=$((shards - 1))
width=${#last}
for s in $order; do
  [ -e "$out/stop" ] && break
  f=$(printf "shard-%0${width}d-of-%s.json" "$s" "$shards")
  [ -e "$results/$f" ] || [ -e "$out/$f" ] || [ -e "$out/claim.$s" ] && continue
  echo $$ > "$out/claim.$s"
  start=$(date -u +%H:%M:%S)
  if /usr/bin/time -f '%e %U %S %M' -o "$out/time.$s" nice -n 19 node "$root/dist/cli/main.js" count \
    --plan "$plan" --shard "$s" --out "$out" --workers 1 > "$out/log.$s" 2>&1; then
    read -r e u sy m < "$out/time.$s"
    read -r cls cpu < <(python3 -c "import json; d = json.load(open('$out/$f')); print(len(d['values']), d['cpuSeconds'])")
    printf '%s\t-\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$cls" "$start" "$(date -u +%H:%M:%S)" "$e" "$u" "$sy" \
      "$m" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)" >> "$out/times.tsv"
  else
    echo "shard $s failed (see $out/log.$s)" >&2
    rm -f "$out/claim.$s"
  fi
done
