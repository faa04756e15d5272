#!/bin/bash
# Runs the 6x2 shards still missing from data/6x2/results, one after another at nice 19 (scripts/run-shards.sh), in
# the random order of data/6x2/shard-times.tsv (Python random.Random(20261125).shuffle of 45..999, after 0..44), or
# in reverse with --reverse (run one of each to use two cores: a claim file keeps them off each other's shard).
# Results go to OUT (copy them into data/6x2/results); each run's wall, user and system seconds, peak KB, classes,
# cpuSeconds and load go to OUT/times.tsv. `touch OUT/stop` ends it after the shard in hand; a shard stopped midway
# resumes from its checkpoint.
#   npm run build && scripts/run-6x2-shards.sh OUT [--reverse]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/run-6x2-shards.sh OUT [--reverse]}
order=$(python3 -c "
import random
o = list(range(45, 1000)); random.Random(20261125).shuffle(o)
print(' '.join(map(str, list(range(45)) + o)))")
exec "$root/scripts/run-shards.sh" "$root/data/6x2/plan.json.gz" "$root/data/6x2/results" "$out" "$order" ${2:+"$2"}
