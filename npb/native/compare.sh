#!/usr/bin/env bash
# Compares org.mpjbuf.npb's kernels with the same kernels in C on this machine: builds
# ft-iteration.c and mg-iteration.c with gcc -O3, as the NPB reference is built, and CG and IS
# with MPI where MPICH is installed (cg-iteration.c with -DCG_MPI and is-mpi.c, by mpicc -O3;
# without MPICH cg-iteration.c and is-iteration.c by gcc); then for every kernel, class and rank
# count runs the C program and the Java kernel alternately REPEAT times and prints, as a Markdown
# table row, the best Mop/s of each and their ratio. The MPI programs run on MPI processes with
# the reference's exchanges; the others run two processes without exchanges (see the programs'
# headers), an upper bound for native code. The C figure is the program's last line; for IS that
# is its keys sorted the way org.mpjbuf.npb.IS sorts them (the line above it, the reference's
# way, is left out).
#   npb/native/compare.sh [KERNELS] [CLASSES] [RANKS] [REPEAT]
#   e.g. npb/native/compare.sh "CG FT IS MG" "A" "1 2" 3
# Needs the Java build first (./mvnw -B -q package -DskipTests) and gcc.
set -u
here=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
root=$(dirname "$(dirname "$here")")
. "$root/npb/report.sh"
kernels=${1:-"CG FT IS MG"}
classes=${2:-"A"}
ranks=${3:-"1 2"}
repeat=${4:-3}
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
mpi_present() {
  command -v mpicc.mpich >/dev/null 2>&1 && command -v mpiexec.hydra >/dev/null 2>&1
}

# Whether a kernel's C program runs with MPI: with_mpi KERNEL
with_mpi() {
  case "$1" in CG|IS) mpi_present ;; *) false ;; esac
}

# The command line that runs a kernel's C program once: program KERNEL CLASS RANKS
program() {
  if with_mpi "$1"; then
    echo mpiexec.hydra -n "$3" "$build/$(echo "$1" | tr 'A-Z' 'a-z')-mpi" "$2" 1
  else
    echo "$build/$(echo "$1" | tr 'A-Z' 'a-z')-iteration" "$2" "$3" 1
  fi
}

for kernel in $kernels; do
  case "$kernel" in
    CG|FT|IS|MG) ;;
    *) echo "compare.sh: no C program for kernel '$kernel' (CG, FT, IS or MG)" >&2; exit 2 ;;
  esac
  if [ "$kernel" = IS ] && with_mpi IS; then
    mpicc.mpich -O3 -o "$build/is-mpi" "$here/is-mpi.c" || exit 1
  elif [ "$kernel" = CG ] && with_mpi CG; then
    mpicc.mpich -O3 -DCG_MPI -o "$build/cg-mpi" "$here/cg-iteration.c" -lm || exit 1
  else
    program=$(echo "$kernel" | tr 'A-Z' 'a-z')-iteration
    gcc -O3 -o "$build/$program" "$here/$program.c" -lm || exit 1
  fi
done
for np in $ranks; do
  case "$np" in
    1|2) ;;
    *) echo "compare.sh: the C programs run 1 or 2 processes, not '$np'" >&2; exit 2 ;;
  esac
done

best() {
  printf '%s\n' "$@" | sort -g | tail -n 1
}

echo "| kernel | class | ranks | Java Mop/s (best) | all runs | C Mop/s (best) | all runs | Java / C |"
echo "|---|---|---|---|---|---|---|---|"
for kernel in $kernels; do
  for class in $classes; do
    for np in $ranks; do
      java_runs=()
      c_runs=()
      for _ in $(seq "$repeat"); do
        # a C program that fails (is-mpi: its test keys' ranks are wrong) gives no figure
        c=$($(program "$kernel" "$class" "$np")) && c=$(echo "$c" | tail -n 1 | sed -n 's/.* \([0-9.]*\) Mop\/s.*/\1/p') \
          || c=
        java=$(report_value "$("$root/bin/mpjrun" -np "$np" "org.mpjbuf.npb.$kernel" "CLASS=$class" 2>&1)" \
          "Mop/s total")
        c_runs+=("${c:-failed}")
        java_runs+=("${java:-failed}")
      done
      java_best=$(best "${java_runs[@]}")
      c_best=$(best "${c_runs[@]}")
      ratio=$(awk -v a="$java_best" -v b="$c_best" 'BEGIN {if (b > 0) printf "%.0f %%", 100 * a / b; else print "-"}')
      bound=""
      if with_mpi "$kernel"; then
        bound=" (MPI)"
      elif [ "$np" -gt 1 ]; then
        bound=" (no exchanges)"
      fi
      echo "| $kernel | $class | $np | $java_best | ${java_runs[*]} | $c_best$bound | ${c_runs[*]} | $ratio |"
    done
  done
done
