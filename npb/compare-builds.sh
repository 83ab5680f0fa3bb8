#!/usr/bin/env bash
# Compares two builds of this tree on one NPB kernel, class and rank count: runs the kernel from
# BUILD_A and from BUILD_B alternately REPEAT times (alternating, so that both see the machine in
# the same state, and in turn first, A B then B A, so that neither always runs just after the
# other's JVM has ended) and prints one Markdown table row per run: the build, Mop/s total, the
# timed part's wall seconds, the busiest rank's CPU seconds and whether it verified.
#   npb/compare-builds.sh KERNEL CLASS RANKS REPEAT BUILD_A BUILD_B
#   e.g. git worktree add /tmp/before HEAD~1 && (cd /tmp/before && ./mvnw -B -q package -DskipTests)
#        npb/compare-builds.sh IS A 2 3 /tmp/before .
# Both directories must hold a built tree (./mvnw -B -q package -DskipTests).
set -u
. "$(dirname "$(readlink -f "$0")")/report.sh"
if [ $# -ne 6 ]; then
  echo "usage: compare-builds.sh KERNEL CLASS RANKS REPEAT BUILD_A BUILD_B" >&2
  exit 2
fi
kernel=$1 class=$2 ranks=$3 repeat=$4
for build in "$5" "$6"; do
  if [ ! -x "$build/bin/mpjrun" ]; then
    echo "compare-builds.sh: '$build' holds no bin/mpjrun" >&2
    exit 2
  fi
done
case "$repeat" in
  ''|*[!0-9]*|0) echo "compare-builds.sh: REPEAT must be a positive number, not '$repeat'" >&2; exit 2 ;;
esac
echo "| build | Mop/s total | wall s | CPU s (busiest rank) | verified |"
echo "|---|---|---|---|---|"
for round in $(seq "$repeat"); do
  order=("$5" "$6")
  [ $((round % 2)) = 0 ] && order=("$6" "$5")
  for build in "${order[@]}"; do
    out=$(cd "$build" && bin/mpjrun -np "$ranks" "org.mpjbuf.npb.$kernel" "CLASS=$class" 2>&1)
    verified=no
    report_verified "$out" && verified=yes
    echo "| $build | $(report_value "$out" "Mop/s total") | $(report_value "$out" "Time in seconds") |" \
      "$(report_value "$out" "CPU seconds") | $verified |"
  done
done
