#!/usr/bin/env bash
# The Slurm path of `stackrules analyze`, tested for real (opt-in: not part
# of `go test`; it needs root and apt-get, and changes the machine):
#
#   1. installs Debian's slurm-wlm and munge (and jq), unless installed;
#   2. starts a one-node cluster on this machine: munged, slurmctld and
#      slurmd on localhost, with a configuration of its own in $WORK;
#   3. builds stackrules and submits scripts/cluster/analyze-array.sbatch
#      (the job array the docs show) as an array of $SHARDS shards, then the
#      merge as a job that depends on it, as docs/lab.md does;
#   4. waits for both, and checks that the merged JSON equals the JSON of
#      the same run played unsharded, timing aside.
#
# Usage: sudo scripts/slurm-test.sh   (environment: GAME, GAMES, SHARDS,
# SEED, EXTRA as analyze-array.sbatch reads them; WORK, the folder for the
# cluster's files and the results; KEEP=1 leaves the cluster running.)
# Exit status 0: the merged report equals the unsharded run's.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
GAME=${GAME:-liger}
GAMES=${GAMES:-64}
SHARDS=${SHARDS:-4}
SEED=${SEED:-7}
EXTRA=${EXTRA:-}
WORK=${WORK:-/tmp/stackrules-slurm-test}
export PATH=/usr/local/go/bin:$PATH

say() { printf '== %s\n' "$*"; }

if [[ $(id -u) != 0 ]]; then
  echo "slurm-test: run as root (it installs packages and starts daemons)" >&2
  exit 2
fi

# 1. The packages.
missing=()
command -v slurmctld >/dev/null || missing+=(slurm-wlm)
command -v munged >/dev/null || missing+=(munge)
command -v jq >/dev/null || missing+=(jq)
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
say "$(slurmctld -V), $(munged --version 2>&1 | awk '{print $1}')"

# 2. A one-node cluster, everything under $WORK.
rm -rf "$WORK"
mkdir -p "$WORK"/{spool,state,log,run,out,munge}
HOST=$(hostname -s)
CPUS=$(nproc)
MEM=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)

say "munged"
KEY="$WORK/munge/munge.key"
dd if=/dev/urandom of="$KEY" bs=1024 count=1 status=none
chmod 400 "$KEY"
mkdir -p /run/munge
munged --key-file="$KEY" --socket="$WORK/munge/munge.socket" --pid-file="$WORK/munge/munged.pid" \
  --log-file="$WORK/log/munged.log" --seed-file="$WORK/munge/munged.seed" --force
export MUNGE_SOCKET="$WORK/munge/munge.socket" # not read by Slurm: its AuthInfo says the socket
munge -n --socket="$WORK/munge/munge.socket" | unmunge --socket="$WORK/munge/munge.socket" >/dev/null
say "munge works"

CONF="$WORK/slurm.conf"
cat >"$CONF" <<CONF
# A one-node cluster for scripts/slurm-test.sh.
ClusterName=stackrules-test
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$WORK/munge/munge.socket
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/run/slurmctld.pid
SlurmdPidFile=$WORK/run/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
MaxArraySize=10001
NodeName=$HOST CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=lab Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$CONF"

say "slurmctld and slurmd on $HOST ($CPUS CPUs)"
slurmctld -f "$CONF"
slurmd -f "$CONF"
stop_cluster() {
  if [[ ${KEEP:-0} == 1 ]]; then
    say "the cluster keeps running (KEEP=1): SLURM_CONF=$CONF; stop it with: SLURM_CONF=$CONF scontrol shutdown; kill \$(cat $WORK/munge/munged.pid)"
    return
  fi
  scontrol shutdown >/dev/null 2>&1 || true
  sleep 1
  [[ -f $WORK/munge/munged.pid ]] && kill "$(cat "$WORK/munge/munged.pid")" 2>/dev/null || true
}
trap stop_cluster EXIT
for _ in $(seq 60); do
  state=$(sinfo -h -n "$HOST" -o %t 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 1
done
sinfo
[[ $state == idle ]] || { echo "slurm-test: the node is not idle (state '$state'); see $WORK/log" >&2; exit 1; }

# 3. The program, the array of shards and the merge.
say "building stackrules"
go build -o "$WORK/stackrules" ./cmd/stackrules
OUT="$WORK/out"
cd "$WORK"
last=$((SHARDS - 1))
say "submitting $GAME, $GAMES games in $SHARDS shards (array 0-$last)"
array=$(GAME=$GAME GAMES=$GAMES SEED=$SEED OUT=$OUT EXTRA=$EXTRA STACKRULES="$WORK/stackrules" \
  sbatch --parsable --array=0-$last --chdir="$WORK" --output="$WORK/log/shard-%a.log" \
  "$REPO/scripts/cluster/analyze-array.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$WORK" --output="$WORK/log/merge.log" --wrap \
  "$WORK/stackrules analyze merge $OUT/shard-*.json --json -o $OUT/merged.json --html $OUT/report.html && $WORK/stackrules analyze merge $OUT/shard-*.json")
say "array job $array, merge job $merge"
squeue

# 4. Wait, and compare with the unsharded run played here.
say "playing the same run unsharded, meanwhile"
# shellcheck disable=SC2086
"$WORK/stackrules" analyze "$GAME" --games "$GAMES" --seed "$SEED" $EXTRA --json -o "$OUT/unsharded.json"
for _ in $(seq 3600); do
  [[ -z $(squeue -h -j "$array,$merge" 2>/dev/null) ]] && break
  sleep 1
done
say "jobs done"
sacct_state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z]*' | sort | uniq -c | tr '\n' ' '; }
echo "array: $(sacct_state "$array")"
echo "merge: $(sacct_state "$merge")"
ls -l "$OUT"
if [[ ! -s $OUT/merged.json ]]; then
  echo "slurm-test: no merged report; logs:" >&2
  tail -n 20 "$WORK"/log/*.log >&2
  exit 1
fi
cat "$WORK/log/merge.log"
jq -S 'del(.timing)' "$OUT/merged.json" >"$OUT/merged.cmp"
jq -S 'del(.timing)' "$OUT/unsharded.json" >"$OUT/unsharded.cmp"
if ! diff -u "$OUT/unsharded.cmp" "$OUT/merged.cmp" >"$OUT/diff.txt"; then
  echo "slurm-test: FAIL: the merged report differs from the unsharded run's:" >&2
  head -n 40 "$OUT/diff.txt" >&2
  exit 1
fi
say "PASS: the $SHARDS shards Slurm ran, merged, equal the unsharded run ($(jq .games "$OUT/merged.json") games, first player $(jq -r '.first_player | "\(.wins)-\(.draws)-\(.losses), score \(.score)"' "$OUT/merged.json")); timing: merged $(jq .timing.seconds "$OUT/merged.json")s of shards, unsharded $(jq .timing.seconds "$OUT/unsharded.json")s"
