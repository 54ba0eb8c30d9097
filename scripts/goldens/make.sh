#!/usr/bin/env bash
# Build and run every .cu under test/conformance on a real GPU, and record its goldens beside it:
#   NAME.stdout         exact stdout bytes (stdout is a pipe, so it is fully buffered, as when
#                       a user redirects to a file)
#   NAME.exit           exit code and a newline (124 = killed by the 20 s timeout)
#   NAME.compile-error  nvcc's output, only when the program does not compile
# An entry's program is NAME.cu, or the file named in NAME.source (a program shared with examples/).
# Arguments come from an optional NAME.args (one line, split on spaces). An optional NAME.flags
# holds the `warpscope run` options the program is meant for; `--fmad=true` builds it with
# nvcc's -fmad=true instead of -fmad=false.
# ONLY="path/a.cu path/b.cu" limits a run to those programs (their goldens alone are packed).
# Also writes test/conformance/GPU.txt (nvcc --version, nvidia-smi -L) and
# test/conformance/RUNLOG.txt (stderr of each run, and whether a second run gave the same stdout).
# If $OUT is set (the device tool), everything generated is packed into $OUT/goldens.tar.gz.
# Run from anywhere: bash scripts/goldens/make.sh
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
CONF=test/conformance
BUILD=${BUILD:-/tmp/warpscope-goldens-build}
NVCC_FLAGS="-O3 -arch=sm_90 -lineinfo -fmad=false"
TIMEOUT=${TIMEOUT:-20}
rm -rf "$BUILD"; mkdir -p "$BUILD"

{ nvcc --version; echo; nvidia-smi -L; } > "$CONF/GPU.txt" 2>&1

if [ -n "${ONLY:-}" ]; then
    read -r -a SOURCES <<< "$ONLY"
else
    mapfile -t SOURCES < <(find "$CONF" \( -name '*.cu' -o -name '*.source' \) | sed 's/\.source$/.cu/' | LC_ALL=C sort)
fi

# compile in parallel
compile() {
    src=$1; base=${src%.cu}; bin="$BUILD/$(echo "$base" | tr '/' '_')"
    # NAME.source names the program when the entry shares it with examples/.
    [ -f "$base.source" ] && src=$(cat "$base.source")
    rm -f "$base.compile-error"
    flags=$NVCC_FLAGS
    if [ -f "$base.flags" ] && grep -q -- '--fmad=true' "$base.flags"; then flags=${flags/-fmad=false/-fmad=true}; fi
    if ! nvcc $flags -o "$bin" "$src" > "$bin.log" 2>&1; then
        cp "$bin.log" "$base.compile-error"
    fi
}
export -f compile; export BUILD NVCC_FLAGS
printf '%s\n' "${SOURCES[@]}" | xargs -P "$(nproc)" -I{} bash -c 'compile "$@"' _ {}

LOG="$CONF/RUNLOG.txt"
: > "$LOG"
for src in "${SOURCES[@]}"; do
    base=${src%.cu}; bin="$BUILD/$(echo "$base" | tr '/' '_')"
    rm -f "$base.stdout" "$base.exit"
    if [ -f "$base.compile-error" ]; then
        echo "== $src: COMPILE ERROR" >> "$LOG"; continue
    fi
    args=()
    if [ -f "$base.args" ]; then read -r -a args < "$base.args"; fi
    timeout "$TIMEOUT" "$bin" "${args[@]}" 2> "$bin.stderr" | cat > "$base.stdout"
    rc=${PIPESTATUS[0]}
    echo "$rc" > "$base.exit"
    # second run, to see whether the output is deterministic
    timeout "$TIMEOUT" "$bin" "${args[@]}" 2>/dev/null | cat > "$bin.stdout2"
    rc2=${PIPESTATUS[0]}
    same=same; cmp -s "$base.stdout" "$bin.stdout2" || same=DIFFERENT
    echo "== $src: exit $rc (second run: exit $rc2, stdout $same)" >> "$LOG"
    if [ -s "$bin.stderr" ]; then sed 's/^/   stderr: /' "$bin.stderr" >> "$LOG"; fi
done
cat "$LOG"

if [ -n "${OUT:-}" ]; then
    : > "$BUILD/list"
    for src in "${SOURCES[@]}"; do
        base=${src%.cu}
        for ext in stdout exit compile-error; do [ -f "$base.$ext" ] && printf '%s\0' "$base.$ext" >> "$BUILD/list"; done
    done
    [ -z "${ONLY:-}" ] && printf '%s\0' "$CONF/GPU.txt" "$CONF/RUNLOG.txt" >> "$BUILD/list"
    tar czf "$OUT/goldens.tar.gz" --null -T "$BUILD/list"
    cp "$LOG" "$OUT/RUNLOG.txt"
fi
