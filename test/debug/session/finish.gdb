# program: test/conformance/rules/arg_order.cu
# finish stops as the function returns, in the middle of the caller's statement: before the
# statement's next call (even one with a breakpoint), its printf of the calls' results not yet
# printed, and each finish names its call's value. From inside the statement: reverse-step goes
# back into the call that returned, reverse-next to the statement's start, next runs the rest of
# it (its output comes then), and step enters its next call. Backwards, reverse-step and
# reverse-finish out of a call stop at the call, in the middle of the statement: the calls before
# it have happened.
break hnext
run
bt
finish
print hcount
continue
finish
reverse-step
finish
delete
reverse-next
print hcount
next
step
finish
finish
next
break hnext
reverse-continue
print hcount
reverse-step
print hcount
reverse-continue
reverse-finish
print hcount
