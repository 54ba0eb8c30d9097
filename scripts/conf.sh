#!/bin/bash
# Conformance sweep: runs every test/conformance program with a golden and prints PASS/FAIL per program.
# Uses its own temp files so that two sweeps at once do not read each other's output.
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
for cu in $(find test/conformance -name '*.cu' | sort); do
  base=${cu%.cu}
  [ -f $base.stdout ] || continue
  args=""; [ -f $base.args ] && args=$(cat $base.args)
  flags=""; [ -f $base.flags ] && flags=$(cat $base.flags)
  timeout 120 node bin/warpscope.mjs run $cu $flags -- $args > $tmp/out.txt 2>$tmp/err.txt; st=$?
  exp=$(cat $base.exit)
  if cmp -s $tmp/out.txt $base.stdout && [ "$st" = "$exp" ]; then echo "PASS $cu"; else echo "FAIL $cu (exit $st want $exp) $(head -c 300 $tmp/err.txt | tr '\n' ' ')"; fi
done
rm -rf "$tmp"
