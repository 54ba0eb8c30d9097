#!/usr/bin/env bash
# Runs cuda-gdb over the debugger's transcripts on a real GPU and records what it printed:
#   test/debug/session/cuda-gdb/NAME.out   cuda-gdb's output for test/debug/session/NAME.gdb
# Each program is built with -g -G (cuda-gdb stops in device code only then), as a binary named
# like the program so thread names read alike. Every command goes in as its own -ex: in a
# command file (-x) gdb's first error ends the file, and the transcripts test bad input on
# purpose. Warpscope's own commands (time travel, step lane, scheduler, sanitizer findings)
# are left out. A conditional breakpoint on threadIdx/blockIdx set before `run` cannot be
# parsed before the kernel's code is loaded, so it is set at the first kernel launch instead
# (break_on_launch). With $OUT set (the device tool), the outputs come back as a tarball.
set -u
cd "$(dirname "$0")/../.."
dest=test/debug/session/cuda-gdb
work=$(mktemp -d)
mkdir -p "$dest"
cuda-gdb --version | head -2 > "$dest/VERSION.txt"
nvidia-smi -L >> "$dest/VERSION.txt" 2>&1

# NAME.list: the program, its arguments, then one command a line.
python3 - "$work" <<'EOF'
import os, re, sys
work = sys.argv[1]
src = 'test/debug/session'
skip = re.compile(r'^(reverse-|goto|history|info writers|step lane|set scheduler|info cuda sanitizer)')
for f in sorted(os.listdir(src)):
    if not f.endswith('.gdb'):
        continue
    lines = open(os.path.join(src, f)).read().split('\n')
    prog = next(l[len('# program: '):] for l in lines if l.startswith('# program: '))
    args = next((l[len('# args: '):] for l in lines if l.startswith('# args: ')), '')
    cmds = [l for l in lines if l.strip() and not l.startswith('#') and not skip.match(l)]
    run = next((i for i, c in enumerate(cmds) if c in ('run', 'r', 'start')), None)
    if run is not None:
        early = [c for c in cmds[:run] if re.match(r'^(break|tbreak|b) .* if .*(threadIdx|blockIdx)', c)]
        if early:
            rest = [c for c in cmds[:run] if c not in early]
            cmds = rest + ['set cuda break_on_launch application', 'run'] + early + ['set cuda break_on_launch none', 'continue'] + cmds[run + 1:]
    open(os.path.join(work, f[:-4] + '.list'), 'w').write('\n'.join([prog, args] + cmds) + '\n')
EOF

for l in "$work"/*.list; do
  n=$(basename "$l" .list); p=$(sed -n 1p "$l")
  mkdir -p "$work/$n"
  nvcc -g -G -arch=sm_90 -o "$work/$n/$(basename "$p" .cu)" "$p" > "$work/$n.nvcc" 2>&1 &
done
wait
for l in "$work"/*.list; do
  n=$(basename "$l" .list); p=$(sed -n 1p "$l"); a=$(sed -n 2p "$l")
  ex=(); while IFS= read -r c; do ex+=(-ex "$c"); done < <(tail -n +3 "$l")
  # shellcheck disable=SC2086 # the arguments line splits into words, as the transcripts' do
  timeout 60 cuda-gdb -batch "${ex[@]}" --args "$work/$n/$(basename "$p" .cu)" $a > "$dest/$n.out" 2>&1
  echo "exit $?" >> "$dest/$n.out"
done
rm -rf "$work"
if [ -n "${OUT:-}" ]; then tar czf "$OUT/cuda-gdb.tar.gz" "$dest"; fi
