#!/usr/bin/env bash
# Compares the NPB kernels of org.mpjbuf.npb with the NPB 3.4 MPI reference (built outside this
# repository: see npb/README.md, "Against the NPB 3.4 reference"): for every kernel, class and rank
# count given, runs ours (bin/mpjrun) and the reference's binary (k.CLASS.x, under Open MPI's mpirun)
# alternately REPEAT times, so that both see the machine in the same state (and in turn first, so
# that neither always runs just after the other has ended), and prints a Markdown
# table row: the best Mop/s total of each with all runs, the ratio of the bests and whether every
# run of each verified. A rank count a kernel cannot run on, or a class the reference was not built
# for, gives a row that says so.
#   npb/compare-reference.sh [-bin DIR] [-dev DEVICE] [KERNELS] [CLASSES] [RANKS] [REPEAT]
# KERNELS "all" (the default) is every kernel of the build; CLASSES "A B", RANKS "1 2", REPEAT 3 by default.
#   e.g. npb/compare-reference.sh -bin ~/NPB3.4-MPI/bin "CG EP FT IS MG" "A B" "1 2" 3
# -bin DIR (or NPB_REFERENCE_BIN): the reference's built bin folder, holding cg.A.x and the like.
# -dev DEVICE (or NPB_DEVICE): the device our ranks run on, smdev (threads of one JVM) by default;
#   niodev runs them as processes over TCP, to be compared with the reference over TCP:
#   NPB_DEVICE=niodev NPB_REFERENCE_MCA="--mca btl self,tcp" npb/compare-reference.sh ...
# NPB_REFERENCE_MCA: Open MPI's transport options, "--mca btl self,vader" (shared memory) by default.
# NPB_REFERENCE_MPIRUN: the reference's launcher, "mpirun.openmpi --allow-run-as-root --oversubscribe"
#   by default (for a reference built with MPICH: NPB_REFERENCE_MPIRUN=mpiexec.hydra NPB_REFERENCE_MCA=).
# NPB_DT_GRAPH: DT's graph, BH, WH or SH (BH by default), given to both.
# NPB_CSV: a file to which every row with both figures is also appended as kernel,class,ranks,ours,reference
#   (the best Mop/s of each), the input of org.mpjbuf.bench.npb.NpbChart.
# Needs the build first: ./mvnw -B -q package -DskipTests. Larger classes want a larger heap for
# ours: MPJRUN_JVM_OPTS=-Xmx8g npb/compare-reference.sh ...
set -u
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
. "$root/npb/report.sh"

usage() {
  echo "compare-reference.sh: $1" >&2
  echo "usage: npb/compare-reference.sh [-bin DIR] [-dev DEVICE] [KERNELS] [CLASSES] [RANKS] [REPEAT]" >&2
  exit 2
}

bin=${NPB_REFERENCE_BIN:-}
device=${NPB_DEVICE:-smdev}
while [ $# -gt 0 ]; do
  case "$1" in
    -bin|--bin) [ $# -ge 2 ] || usage "$1 needs the reference's bin folder"; bin=$2; shift 2 ;;
    -dev|--dev) [ $# -ge 2 ] || usage "$1 needs a device (smdev or niodev)"; device=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) usage "unknown option '$1'" ;;
    *) break ;;
  esac
done
[ $# -le 4 ] || usage "too many arguments: $*"
kernels=${1:-}
classes=${2:-"A B"}
ranks=${3:-"1 2"}
repeat=${4:-3}
mpirun=${NPB_REFERENCE_MPIRUN:-"mpirun.openmpi --allow-run-as-root --oversubscribe"}
mca=${NPB_REFERENCE_MCA-"--mca btl self,vader"}
graph=${NPB_DT_GRAPH:-BH}
csv=${NPB_CSV:-}

[ -n "$bin" ] || usage "no reference bin folder: give -bin DIR or set NPB_REFERENCE_BIN (the NPB 3.4 MPI bin folder, e.g. NPB3.4-MPI/bin)"
[ -e "$bin" ] || usage "the reference bin folder '$bin' does not exist"
[ -d "$bin" ] || usage "'$bin' is not a folder (the reference bin folder holds cg.A.x and the like)"
compgen -G "$bin/*.x" >/dev/null || usage "'$bin' holds no NPB binaries (*.x): is it the bin folder of a built NPB3.4-MPI?"
bin=$(cd "$bin" && pwd)
case "$repeat" in
  ''|*[!0-9]*|0) usage "REPEAT must be a positive number, not '$repeat'" ;;
esac
for np in $ranks; do
  case "$np" in
    ''|*[!0-9]*|0) usage "a rank count must be a positive number, not '$np'" ;;
  esac
done
for class in $classes; do
  case "$class" in
    S|W|A|B|C|D|E|F) ;;
    *) usage "unknown class '$class' (S, W, A, B, C, ...)" ;;
  esac
done
case "$graph" in
  BH|WH|SH) ;;
  *) usage "NPB_DT_GRAPH must be BH, WH or SH, not '$graph'" ;;
esac
[ -x "$root/bin/mpjrun" ] || usage "no bin/mpjrun in $root"
classes_dir="$root/npb/target/classes/org/mpjbuf/npb"
[ -d "$classes_dir" ] || usage "the npb module is not built: run ./mvnw -B -q package -DskipTests first"
if [ -z "$kernels" ] || [ "$kernels" = all ]; then
  kernels=""
  # every kernel of the build, by default
  for kernel in CG EP FT IS MG LU SP BT DT; do
    [ -f "$classes_dir/$kernel.class" ] && kernels="$kernels $kernel"
  done
fi
for kernel in $kernels; do
  [ -f "$classes_dir/$kernel.class" ] || usage "unknown kernel '$kernel': there is no org.mpjbuf.npb.$kernel in the build"
done
command -v "${mpirun%% *}" >/dev/null 2>&1 || usage "the reference's launcher '${mpirun%% *}' is not installed (NPB_REFERENCE_MPIRUN)"

# The highest of the figures given, "" when none is a number.
best() {
  printf '%s\n' "$@" | grep -E '^[0-9.]+$' | sort -g | tail -n 1
}

# The arguments that name DT's graph to both programs (none for the other kernels): graph_args KERNEL
graph_args() {
  [ "$1" = DT ] && echo "$graph"
}

# Why a run printed no figure: its usage error, else its first line that speaks of an error, else its last line.
failure() {
  {
    printf '%s\n' "$1" | sed -n 's/.*BenchmarkUsageException: //p' | head -n 1 | grep . \
      || printf '%s\n' "$1" | grep -i -m 1 -E 'error|abort|not ' | sed 's/^ *//' | grep . \
      || printf '%s\n' "$1" | grep . | tail -n 1
  } | tr '|' '/'
}

echo "Ours: bin/mpjrun -dev $device; reference: $mpirun $mca $bin/k.CLASS.x; $(date -u '+%Y-%m-%d %H:%M UTC')," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| kernel | class | ranks | ours, best Mop/s | all runs | reference, best Mop/s | all runs | ours / reference | verified (ours, reference) |"
echo "|---|---|---|---|---|---|---|---|---|"
# Runs the reference's binary once and adds its figure to reference_runs; reads np, reference and
# kernel, and sets reference_verified and note like the loop below.
run_reference() {
  local out mops
  # shellcheck disable=SC2046,SC2086 # the launcher and its options are words; graph_args gives no word or one
  out=$($mpirun $mca -np "$np" "$reference" $(graph_args "$kernel") 2>&1)
  mops=$(report_value "$out" "Mop/s total")
  report_verified "$out" || reference_verified=no
  [ -n "$mops" ] || note="$note reference: $(failure "$out");"
  reference_runs+=("${mops:-failed}")
}

for kernel in $kernels; do
  name=$kernel
  [ "$kernel" = DT ] && name="DT $graph"
  program=$(echo "$kernel" | tr 'A-Z' 'a-z')
  for class in $classes; do
    reference="$bin/$program.$class.x"
    for np in $ranks; do
      if [ ! -x "$reference" ]; then
        echo "| $name | $class | $np | not run: no reference binary $reference (make $program CLASS=$class in NPB3.4-MPI) | | | | | |"
        continue
      fi
      ours_runs=()
      reference_runs=()
      ours_verified=yes
      reference_verified=yes
      note=""
      refused=""
      for run in $(seq "$repeat"); do
        # ours first in odd rounds (the first tells whether the kernel can run at all), second in even ones
        [ $((run % 2)) = 0 ] && run_reference
        # shellcheck disable=SC2046 # graph_args gives no word or one
        out=$("$root/bin/mpjrun" -np "$np" -dev "$device" "org.mpjbuf.npb.$kernel" "CLASS=$class" \
          $(graph_args "$kernel") 2>&1)
        if [ "$run" = 1 ] && printf '%s\n' "$out" | grep -q BenchmarkUsageException; then
          refused=$(failure "$out")
          break
        fi
        mops=$(report_value "$out" "Mop/s total")
        report_verified "$out" || ours_verified=no
        [ -n "$mops" ] || note="$note ours: $(failure "$out");"
        ours_runs+=("${mops:-failed}")
        [ $((run % 2)) = 1 ] && run_reference
      done
      if [ -n "$refused" ]; then
        echo "| $name | $class | $np | not run: $refused | | | | | |"
        continue
      fi
      ours_best=$(best "${ours_runs[@]}")
      reference_best=$(best "${reference_runs[@]}")
      ratio=$(awk -v a="${ours_best:-0}" -v b="${reference_best:-0}" \
        'BEGIN {if (a > 0 && b > 0) printf "%.2f", a / b; else print "-"}')
      # the first reason each side gave, once
      note=$(printf '%s\n' "$note" | tr ';' '\n' | sed 's/^ *//' | grep . | sort -u -t: -k1,1 | tr '\n' ';' \
        | sed 's/;$//; s/;/; /g')
      echo "| $name | $class | $np | ${ours_best:-failed} | ${ours_runs[*]} | ${reference_best:-failed} |" \
        "${reference_runs[*]} | $ratio | $ours_verified, $reference_verified${note:+ ($note)} |"
      if [ -n "$csv" ] && [ "$ratio" != - ]; then
        echo "${name// /_},$class,$np,$ours_best,$reference_best" >> "$csv"
      fi
    done
  done
done
