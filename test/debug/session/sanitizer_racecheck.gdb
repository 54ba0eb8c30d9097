# program: test/sanitizer/race_shared.cu
# racecheck in the debugger: with `set cuda racecheck on` the program stops at the second access
# of each pair of source lines that race, focused on the thread making it, with both lines and
# both threads. The H100 reports line 9's read racing with the writes at lines 8 and 10
# (test/sanitizer/race_shared.racecheck.txt): here warp 1's thread 33 writes s[33] (line 8) after
# warp 0's thread 0 read it (line 9) with no barrier between, then overwrites it at line 10.
set cuda racecheck on
run
print t
print s[33]
info cuda sanitizer
continue
print v
continue
info cuda sanitizer
