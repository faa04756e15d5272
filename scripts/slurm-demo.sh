#!/usr/bin/env bash
# Slurm, for real, on this one machine: install Slurm and MUNGE from the system's packages (Debian: slurm-wlm,
# munge), configure a one-node cluster on localhost in a temporary folder, start munged, slurmctld and slurmd,
# submit the 9x9 count and the 5x2 count as job arrays (count --plan F --shards K, then the script that
# count --plan F --slurm writes: 9x9 with --pack 2, two shards a task; 5x2 with --mem 0:512M, shard 0 as an array of
# its own), wait for the merge jobs, and check that each merged N equals the one-machine count.
# Every daemon it started is stopped on the way out (trap), whatever happens; nothing outside the temporary folder
# is changed except the installed packages.
#
#   sudo bash scripts/slurm-demo.sh            (root: it installs packages and runs the daemons)
#   SHARDS_9X9=8 SHARDS_5X2=8 KEEP=1 ...       shard counts; KEEP=1 keeps the temporary folder (logs) at the end
#
# Cost: ~1 minute and ~25 CPU seconds once the packages are installed (docs/sharding.md). Needs npm run build.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
CLI=(node "$ROOT/dist/cli/main.js")
SHARDS_9X9=${SHARDS_9X9:-8}
SHARDS_5X2=${SHARDS_5X2:-8}
say() { printf '[slurm-demo %s] %s\n' "$(date -u +%T)" "$*"; }

[ "$(id -u)" = 0 ] || { echo "slurm-demo: run as root (it installs slurm-wlm and munge, and starts their daemons)" >&2; exit 2; }
[ -f "$ROOT/dist/cli/main.js" ] || { echo "slurm-demo: build first (npm run build)" >&2; exit 2; }

t0=$(date +%s)
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge (apt-get)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi
t_install=$(($(date +%s) - t0))

WORK=$(mktemp -d /tmp/sudoku-count-slurm.XXXXXX)
chmod 755 "$WORK"
PIDS=()
cleanup() {
  local status=$?
  set +e
  if [ -f "$WORK/slurm.conf" ]; then SLURM_CONF="$WORK/slurm.conf" scancel --user="$(id -un)" >/dev/null 2>&1; fi
  # stop what we started, by the process ids we recorded, newest first
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    pid=${PIDS[i]}
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
  done
  if [ "$status" != 0 ]; then
    say "failed (status $status); daemon logs:"
    tail -n 20 "$WORK"/*.log 2>/dev/null
  fi
  if [ "${KEEP:-0}" = 1 ]; then say "kept $WORK"; else rm -rf "$WORK"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pid_of() { # the pid in a pid file, once it is there
  for _ in $(seq 100); do [ -s "$1" ] && { cat "$1"; return; }; sleep 0.1; done
  echo "slurm-demo: $1 did not appear" >&2; return 1
}

say "MUNGE: a fresh key and socket in $WORK"
dd if=/dev/urandom of="$WORK/munge.key" bs=1024 count=1 status=none
chmod 400 "$WORK/munge.key"
munged --force --key-file="$WORK/munge.key" --socket="$WORK/munge.socket" --pid-file="$WORK/munged.pid" \
  --log-file="$WORK/munged.log" --seed-file="$WORK/munge.seed"
PIDS+=("$(pid_of "$WORK/munged.pid")")

NODE_LINE=$(slurmd -C | head -n 1)
NODE=$(hostname -s)
mkdir -p "$WORK/state" "$WORK/spool"
cat >"$WORK/slurm.conf" <<EOF
ClusterName=sudoku-count-demo
SlurmctldHost=$NODE
SlurmUser=$(id -un)
SlurmctldPort=26817
SlurmdPort=26818
AuthType=auth/munge
AuthInfo=socket=$WORK/munge.socket
CredType=cred/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
$NODE_LINE State=UNKNOWN
PartitionName=demo Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$WORK/slurm.conf"

say "starting slurmctld and slurmd ($NODE_LINE)"
slurmctld -i
PIDS+=("$(pid_of "$WORK/slurmctld.pid")")
slurmd
PIDS+=("$(pid_of "$WORK/slurmd.pid")")
for _ in $(seq 100); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1)
  [ "$state" = idle ] && break
  sleep 0.3
done
[ "$state" = idle ] || { echo "slurm-demo: the node is '$state', not idle" >&2; exit 1; }
t_start=$(($(date +%s) - t0 - t_install))
say "cluster up in ${t_start} s: $(sinfo -h -o '%P %D node(s) %c CPUs %m MB %T')"

# count BOX SHARDS [--slurm OPTIONS…]: plan, script, submit, wait for the merge, compare N with the one-machine count
count() {
  local box=$1 shards=$2 dir="$WORK/count-$1"
  shift 2
  mkdir -p "$dir"
  local t1
  t1=$(date +%s)
  "${CLI[@]}" count --box "$box" --plan "$dir/plan.json" --shards "$shards" >/dev/null
  "${CLI[@]}" count --plan "$dir/plan.json" --slurm --throttle 2 "$@" --out "$dir/job.sh" >/dev/null
  local submitted
  submitted=$(bash "$dir/job.sh")
  say "$box: $submitted"
  local merge=${submitted##*merge as job }
  merge=${merge%%:*}
  for _ in $(seq 1200); do
    squeue -h -j "$merge" 2>/dev/null | grep -q . || break
    sleep 0.5
  done
  local sharded expected
  sharded=$(grep '^N = ' "$dir/plan.results/merge.out" || true)
  [ -n "$sharded" ] || { echo "slurm-demo: $box: no N in the merge job's output:" >&2; cat "$dir/plan.results/merge.out" "$dir"/plan.results/slurm-*.out >&2 2>/dev/null; return 1; }
  say "$box: array + merge done in $(($(date +%s) - t1)) s: $sharded"
  expected=$("${CLI[@]}" count --box "$box" | grep '^N = ')
  if [ "$sharded" != "$expected" ]; then
    echo "slurm-demo: $box: the sharded count gives '$sharded', the one-machine count '$expected'" >&2
    return 1
  fi
  say "$box: merged N = one-machine N ✓"
}
count 3x3 "$SHARDS_9X9" --pack 2           # two shards a task, one process each
count 5x2 "$SHARDS_5X2" --mem 0:512M       # shard 0 with a size of its own: an array of its own, the merge after both
say "all done in $(($(date +%s) - t0)) s (install ${t_install} s, cluster start ${t_start} s)"
