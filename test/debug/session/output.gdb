# program: examples/avgfilter.cu
# Commands that print text as the user shapes it, as command files use them to label what they
# print: echo with C escapes, printf over the program's variables and literals (%d %p %u %f %c
# %s), output (the value alone: no $N, no newline), their errors; list with a line range, a bare
# list going on after it, and list around the stop line again after frame (lines 22 to 31).
echo avgfilter, thread 1 at line 27\n
break 27
run
printf "i=%d A=%p iters=%u %5.2f %c|%s|\n", i, A, iters, Ads[i] / 7.0, 65, "lit"
printf "Ads[%d..%d] = %g %g\n", i - 1, i + 1, Ads[i - 1], Ads[i + 1]
output i
echo \n
output/x Ads[i]
echo \n
printf "%d\n"
printf "%d\n", i, i
printf i
print $
list 25,27
list ,3
list
frame
list
list
