#!/usr/bin/env bash
# Measures the NPB kernels on smdev: for every kernel, class and rank count
# given, runs the kernel REPEAT times and prints the best (highest) Mop/s
# total with its verification status, as a Markdown table row; beside it the
# Mop/s per CPU second of the busiest rank (Mop/s total x time / CPU seconds)
# of that run, which estimates the rate on an idle machine when other work
# holds the cores, that run's untimed warm-up iterations and JIT seconds
# during its timed part, and the 1-minute load average after the last run (on a
# machine of two cores, anything above about 1 per rank means the runs shared
# the cores with other work).
#   npb/run-figures.sh [KERNELS] [CLASSES] [RANKS] [REPEAT]
#   e.g. npb/run-figures.sh "CG EP FT IS MG" "A B" "1 2" 3
# NPB_ARGS adds arguments to every run, e.g. NPB_ARGS=SH npb/run-figures.sh DT A 80 3 (DT's shuffle graph).
# Needs the build first: ./mvnw -B -q package -DskipTests
set -u
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
. "$root/npb/report.sh"
kernels=${1:-"CG EP FT IS MG"}
classes=${2:-"A B"}
ranks=${3:-"1 2"}
repeat=${4:-3}
echo "| kernel | class | ranks | best Mop/s total | all runs | Mop per CPU-s (best run) | warm-up (best run) | JIT s (best run) | verified | load |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for kernel in $kernels; do
  for class in $classes; do
    for np in $ranks; do
      runs=""
      best=0
      percpu=0
      warmup=""
      jit=""
      verified=yes
      for _ in $(seq "$repeat"); do
        out=$("$root/bin/mpjrun" -np "$np" "org.mpjbuf.npb.$kernel" "CLASS=$class" ${NPB_ARGS:-} 2>&1)
        mops=$(report_value "$out" "Mop/s total")
        wall=$(report_value "$out" "Time in seconds")
        cpu=$(report_value "$out" "CPU seconds")
        runwarmup=$(printf '%s\n' "$out" | awk -F= '/Warm-up/ {split($2, w, " "); for (i in w) if (w[i] ~ /^[0-9]+$/) print w[i]}')
        runjit=$(report_value "$out" "JIT seconds")
        report_verified "$out" || verified=no
        runs="$runs ${mops:-failed}"
        if awk -v a="$best" -v b="${mops:-0}" 'BEGIN {exit !(b > a)}'; then
          best=$mops
          percpu=$(awk -v m="$mops" -v w="${wall:-0}" -v c="${cpu:-0}" 'BEGIN {printf "%.0f", (c > 0) ? m * w / c : 0}')
          warmup=$runwarmup
          jit=$runjit
        fi
      done
      load=$(cut -d' ' -f1 /proc/loadavg)
      echo "| $kernel | $class | $np | $best |$runs | $percpu | $warmup | $jit | $verified | $load |"
    done
  done
done
