#!/bin/bash
# Conformance sweep: runs every test/conformance entry with a golden (NAME.stdout) and prints PASS/FAIL.
# The program is NAME.cu, or the path (from the repository root) that NAME.source names.
# Uses its own temp files so that two sweeps at once do not read each other's output.
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
for out in $(find test/conformance -name '*.stdout' | sort); do
  base=${out%.stdout}
  cu=$base.cu; [ -f $base.source ] && cu=$(cat $base.source)
  args=""; [ -f $base.args ] && args=$(cat $base.args)
  flags=""; [ -f $base.flags ] && flags=$(cat $base.flags)
  timeout 120 node bin/warpscope.mjs run $cu $flags -- $args > $tmp/out.txt 2>$tmp/err.txt; st=$?
  exp=$(cat $base.exit)
  if cmp -s $tmp/out.txt $out && [ "$st" = "$exp" ]; then echo "PASS $base"; else echo "FAIL $base (exit $st want $exp) $(head -c 300 $tmp/err.txt | tr '\n' ' ')"; fi
done
rm -rf "$tmp"
