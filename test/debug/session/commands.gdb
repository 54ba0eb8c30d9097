# program: examples/avgfilter.cu
# Breakpoint commands, as command files log with them: a silent breakpoint that prints with printf
# and continues at every hit, one whose commands run after its stop is shown, an ignore count,
# info breakpoints listing them, and end or commands where they cannot be.
break 27 if iters > 3 && j > 1
commands
silent
printf "iters=%d j=%d i=%d Ads[i]=%g\n", iters, j, i, Ads[i]
continue
end
break 32 if iters > 3
commands 2
print i
print out[i]
end
ignore 2 1
info breakpoints
run
info breakpoints
end
commands 7
