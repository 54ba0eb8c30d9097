#!/bin/bash
# quick conformance sweep: prints PASS/FAIL per program
cd /work/main
for cu in $(find test/conformance -name '*.cu' | sort); do
  base=${cu%.cu}
  [ -f $base.stdout ] || continue
  args=""; [ -f $base.args ] && args=$(cat $base.args)
  timeout 120 node bin/warpscope.mjs run $cu -- $args > /tmp/out.txt 2>/tmp/err.txt; st=$?
  exp=$(cat $base.exit)
  if cmp -s /tmp/out.txt $base.stdout && [ "$st" = "$exp" ]; then echo "PASS $cu"; else echo "FAIL $cu (exit $st want $exp) $(head -c 300 /tmp/err.txt | tr '\n' ' ')"; fi
done
