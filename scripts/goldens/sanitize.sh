#!/usr/bin/env bash
# Record compute-sanitizer and Nsight Compute output for the programs under test/sanitizer (and
# the seed programs named in SEEDS) on a real GPU, beside each program:
#   NAME.stdout / NAME.exit             the program alone (test/sanitizer programs only)
#   NAME.memcheck.txt (with --leak-check full), NAME.racecheck.txt, NAME.initcheck.txt,
#   NAME.synccheck.txt                  compute-sanitizer's report for each tool
#   NAME.ncu.csv                        ncu --metrics ... --csv, for programs listed in NCU
# Reports for programs outside test/sanitizer go to test/sanitizer/<the program's folder>/NAME.*.
# Example (what produced the committed files):
#   SEEDS="test/conformance/seeds/avgfilter_global_1block.cu ... examples/avgfilter.cu" TIMEOUT=20 bash scripts/goldens/sanitize.sh
# Packs everything into $OUT/sanitizer.tar.gz. Run from anywhere: bash scripts/goldens/sanitize.sh
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
DIR=test/sanitizer
BUILD=/tmp/warpscope-sanitizer-build
NVCC_FLAGS="-O3 -arch=sm_90 -lineinfo -fmad=false"
TIMEOUT=${TIMEOUT:-30}
NCU=${NCU:-"$DIR/access_patterns.cu test/conformance/seeds/coalescing_patterns.cu test/conformance/seeds/bank_conflicts.cu"}
METRICS=smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,smsp__thread_inst_executed.sum,smsp__sass_branch_targets_threads_divergent.sum,sm__warps_active.avg.pct_of_peak_sustained_active
rm -rf "$BUILD"; mkdir -p "$BUILD"
mapfile -t PROGS < <(ls $DIR/*.cu; for s in ${SEEDS:-}; do echo "$s"; done)
: > "$BUILD/list"
for src in "${PROGS[@]}"; do
    base=${src%.cu}; bin="$BUILD/$(basename "$base")"
    # Reports for programs kept elsewhere (conformance seeds, examples) go to $DIR/<their folder>/.
    [ "$(dirname "$src")" = "$DIR" ] || { mkdir -p "$DIR/$(basename "$(dirname "$src")")"; base="$DIR/$(basename "$(dirname "$src")")/$(basename "$base")"; }
    if ! nvcc $NVCC_FLAGS -o "$bin" "$src" > "$base.compile-error" 2>&1; then printf '%s\0' "$base.compile-error" >> "$BUILD/list"; continue; fi
    rm -f "$base.compile-error"
    # A conformance program's own goldens come from make.sh; only test/sanitizer programs get them here.
    if [ "$(dirname "$src")" = "$DIR" ]; then
        timeout "$TIMEOUT" "$bin" > "$base.stdout" 2>/dev/null; echo $? > "$base.exit"
        printf '%s\0' "$base.stdout" "$base.exit" >> "$BUILD/list"
    fi
    for tool in memcheck racecheck initcheck synccheck; do
        extra=""; [ $tool = memcheck ] && extra="--leak-check full"
        timeout "$TIMEOUT" compute-sanitizer --tool $tool $extra "$bin" > "$base.$tool.txt" 2>&1; echo "exit $?" >> "$base.$tool.txt"
        printf '%s\0' "$base.$tool.txt" >> "$BUILD/list"
    done
done
for src in $NCU; do
    base=${src%.cu}; bin="$BUILD/$(basename "$base").ncu"
    [ "$(dirname "$src")" = "$DIR" ] || { mkdir -p "$DIR/$(basename "$(dirname "$src")")"; base="$DIR/$(basename "$(dirname "$src")")/$(basename "$base")"; }
    nvcc $NVCC_FLAGS -o "$bin" "$src" && timeout 300 ncu --metrics "$METRICS" --csv "$bin" > "$base.ncu.csv" 2> "$base.ncu.err"
    printf '%s\0' "$base.ncu.csv" "$base.ncu.err" >> "$BUILD/list"
done
{ nvcc --version; compute-sanitizer --version; ncu --version; nvidia-smi -L; } > "$DIR/TOOLS.txt" 2>&1
printf '%s\0' "$DIR/TOOLS.txt" >> "$BUILD/list"
[ -n "${OUT:-}" ] && tar czf "$OUT/sanitizer.tar.gz" --null -T "$BUILD/list"
ls -la $DIR | head -80
