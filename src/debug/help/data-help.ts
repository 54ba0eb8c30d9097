/*
 * Warpscope's own `help COMMAND` texts for looking at the program (values, types, source,
 * frames and the recorded history), in the layout gdb users know: the command and its aliases,
 * a one-line summary, `Usage:`, then a few lines of detail.
 */

/** Help for the commands that look at the program: values, types, source and frames. */
export const DATA_HELP: Readonly<Record<string, string>> = {
  print: [
    'print, inspect, p',
    'Evaluate a C expression in the focused thread and show its value.',
    'Usage: print [/FMT] [EXPR]',
    'Each result is kept as $1, $2, ...; $ and $$ name the last two, $$N the Nth back.',
    'X@N shows N objects in memory from X on; /FMT is a format letter as for "x".',
    'Expressions cannot assign or call functions: the recorded run is read-only.',
  ].join('\n'),
  output: [
    'Show the value of EXPR without a history number or a newline.',
    'Usage: output [/FMT] EXPR',
    'Meant for command files that build up their own lines.',
  ].join('\n'),
  echo: [
    'Write TEXT as it is, decoding C escapes such as \\n; no newline is added.',
    'Usage: echo TEXT',
  ].join('\n'),
  printf: [
    'Format expressions of the program with a C printf format string.',
    'Usage: printf "FORMAT", ARG...',
  ].join('\n'),
  display: [
    'Show EXPR now and again each time the program stops.',
    'Usage: display [/FMT] EXPR',
    'Without EXPR, show every display expression.  "info display" numbers them;',
    '"undisplay N" drops one.',
  ].join('\n'),
  undisplay: [
    'Drop display expressions by number, or all of them.',
    'Usage: undisplay [N]...',
    '"delete display N..." does the same.',
  ].join('\n'),
  'info display': [
    'List the display expressions with their numbers.',
    'Usage: info display',
  ].join('\n'),
  x: [
    'Show memory at ADDRESS, unit by unit.',
    'Usage: x[/NFU] ADDRESS',
    'N is a count, F a format (x d u o t c f a s z) and U a unit size (b h w g).',
    'Formats and sizes carry over from the last use; "x" alone goes on after it.',
    'There is no machine code, so the "i" format is not supported.',
  ].join('\n'),
  whatis: [
    'Show the type of an expression, or the name of a type, without evaluating it.',
    'Usage: whatis EXPR|TYPE',
    'In device code pointers and arrays also name their memory space (@shared).',
  ].join('\n'),
  ptype: [
    'Show a type in full, with the members of structs written out.',
    'Usage: ptype EXPR|TYPE',
  ].join('\n'),
  list: [
    'list, l',
    'Show ten lines of source.',
    'Usage: list [LINE | FILE:LINE | FUNCTION | FIRST,LAST | + | -]',
    'Alone it goes on from the last lines shown, or shows those around the stop;',
    '"-" shows the ten before.  Addresses (*ADDR) are not supported.',
  ].join('\n'),
  backtrace: [
    'backtrace, where, bt',
    'Show the call stack of the focused thread, innermost frame first.',
    'Usage: backtrace',
  ].join('\n'),
  frame: [
    'frame, f',
    'Show the selected frame, or select frame N and show it.',
    'Usage: frame [N]',
    'Frame 0 is the innermost; "print" and "info locals" read the selected one.',
  ].join('\n'),
  up: [
    'Select the frame N levels toward the caller (one by default).',
    'Usage: up [N]',
  ].join('\n'),
  down: [
    'down, dow, do',
    'Select the frame N levels toward the innermost (one by default).',
    'Usage: down [N]',
  ].join('\n'),
  'info frame': [
    'info frame, info f',
    'Describe the selected frame in detail.',
    'Usage: info frame',
    'Shows its level, step, caller and callee, language and arguments.',
  ].join('\n'),
  'info locals': [
    'Show the local variables of the selected frame.',
    'Usage: info locals',
    'Innermost block first; a kernel\'s frame also lists its __shared__ variables.',
  ].join('\n'),
  'info args': [
    'Show the arguments of the selected frame.',
    'Usage: info args',
  ].join('\n'),
  'info line': [
    'Name the source line the program stands at and its step number.',
    'Usage: info line',
    'The step can be given to "goto".  Other lines are not supported: there is no',
    'machine code whose addresses could be shown.',
  ].join('\n'),
  'set var': [
    'set variable, set var',
    'Not supported: the variables of the recorded run cannot be changed.',
    'Usage: set variable VAR = EXPR',
    'Move to another point of the recording with "goto" or the reverse commands.',
  ].join('\n'),
  history: [
    'List every write to an lvalue over the whole recording.',
    'Usage: history EXPR',
    'Each write names its step, the thread that made it, and the value before and',
    'after; writes after the current step are marked "(later)".',
  ].join('\n'),
  'info writers': [
    'Name the write that gave an lvalue its current value.',
    'Usage: info writers EXPR',
    'It names the step and thread of that write; "goto STEP" takes you there.',
  ].join('\n'),
  'info streams': [
    'List the program\'s CUDA streams and the operations queued on them.',
    'Usage: info streams',
  ].join('\n'),
  'info events': [
    'List the program\'s CUDA events and when each was recorded.',
    'Usage: info events',
  ].join('\n'),
};
