#!/usr/bin/env bash
# Start-up of a 4-rank hello world under each launcher, beside native MPI's C hello world under Open MPI's
# mpirun: every command runs REPEAT times, alternately, and the wall times (min and median, seconds) are
# printed per launcher. A launcher that is not installed (or, for srun, a Slurm cluster that is not up, see
# SLURM_CONF) is left out with a line that says so.
#   benchmarks/launch-startup.sh NATIVE_HELLO [REPEAT]
# NATIVE_HELLO is benchmarks/native/hello.c built with Open MPI's mpicc (mpicc.openmpi -O2 -o hello hello.c).
# The niodev line names the mpj-core jar (which holds the hello world) as the class path: ranks share a
# class-data archive only for a class path of jars (the JVM cannot dump one with classes from a directory).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
native=${1:?usage: launch-startup.sh NATIVE_HELLO [REPEAT]}
repeat=${2:-5}
java="$("$root/bin/find-jdk")/bin/java"
cp="$("$root/bin/mpjrun" --classpath)"
hello=org.mpjbuf.mpj.examples.HelloWorld
ompi=(mpirun.openmpi --allow-run-as-root --oversubscribe -np 4)
declare -A commands=(
  ["mpjrun smdev"]="$root/bin/mpjrun -np 4 $hello"
  ["mpjrun niodev"]="$root/bin/mpjrun -np 4 -dev niodev -cp ${cp%%:*} $hello"
  ["mpiexec.hydra java"]="mpiexec.hydra -n 4 $java --enable-native-access=ALL-UNNAMED -cp $cp $hello"
  ["mpirun.openmpi java"]="${ompi[*]} $java --enable-native-access=ALL-UNNAMED -cp $cp $hello"
  ["srun --mpi=pmix java"]="srun --mpi=pmix -O -n 4 $java --enable-native-access=ALL-UNNAMED -cp $cp $hello"
  ["mpirun.openmpi C"]="${ompi[*]} $native"
)
order=("mpjrun smdev" "mpjrun niodev" "mpiexec.hydra java" "mpirun.openmpi java" "srun --mpi=pmix java" "mpirun.openmpi C")
declare -A times
for name in "${order[@]}"; do
  first=${commands[$name]%% *}
  if ! command -v "$first" >/dev/null 2>&1 || { [ "$first" = srun ] && ! sinfo >/dev/null 2>&1; }; then
    echo "# $name: left out ($first is not installed, or no Slurm cluster answers)"
    unset "commands[$name]"
  fi
done
for ((i = 0; i < repeat; i++)); do
  for name in "${order[@]}"; do
    [ -n "${commands[$name]:-}" ] || continue
    start=$(date +%s.%N)
    if ! ${commands[$name]} >/dev/null 2>&1; then
      echo "# $name: the command failed: ${commands[$name]}" >&2
    fi
    end=$(date +%s.%N)
    times[$name]+="$(echo "$end - $start" | bc) "
  done
done
echo "| launcher | min (s) | median (s) |"
echo "|---|---|---|"
for name in "${order[@]}"; do
  [ -n "${times[$name]:-}" ] || continue
  echo "${times[$name]}" | tr ' ' '\n' | grep -v '^$' | sort -n | awk -v n="$name" \
    '{v[NR]=$1} END {printf "| %s | %.2f | %.2f |\n", n, v[1], v[int((NR+1)/2)]}'
done
