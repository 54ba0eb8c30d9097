/*
 * Warpscope's own `help COMMAND` texts for running, moving in time and breakpoints, written for
 * what its commands do over a recorded run. They keep the layout gdb users know: the command
 * and its aliases, a one-line summary, `Usage:`, then a few lines of detail.
 */

/** Help for the commands that run the program, move in time, and leave the session. */
export const RUNNING_HELP: Readonly<Record<string, string>> = {
  run: [
    'run, r',
    'Run the program from its beginning until something stops it.',
    'Usage: run',
    'A live session records as it goes; a replay plays its trace back.',
    'Arguments for the program go after "--" on warpscope\'s command line.',
  ].join('\n'),
  start: [
    'Run the program to the first statement of main and stop there.',
    'Usage: start',
    'Sets a temporary breakpoint on main, then runs as "run" does.',
  ].join('\n'),
  continue: [
    'continue, fg, c',
    'Resume forward until a breakpoint, watchpoint or the program\'s end.',
    'Usage: continue [N]',
    'With N, the breakpoint the program stopped at lets the next N-1 hits pass.',
  ].join('\n'),
  next: [
    'next, n',
    'Run the focused warp to the next source line, stepping over calls.',
    'Usage: next [N]',
    'A function called from the line runs to its return without stopping inside.',
    'N repeats it; a breakpoint or the end of the recording ends it early.',
  ].join('\n'),
  step: [
    'step, s',
    'Run the focused warp to the next source line, entering calls.',
    'Usage: step [N]',
    'N repeats it; a breakpoint or the end of the recording ends it early.',
    '"step lane" follows only the focused lane (see "help step lane").',
  ].join('\n'),
  'step lane': [
    'Run the focused thread alone to its next statement.',
    'Usage: step lane',
    'Statements its warp runs with this lane masked off (a branch it did not take)',
    'are passed over, so the stop is where the lane itself does something.',
  ].join('\n'),
  stepi: [
    'stepi, si',
    'Advance the focused warp by exactly one recorded statement.',
    'Usage: stepi [N]',
    'Warpscope runs source statements, not machine instructions, so this is the',
    'finest step there is; it stops even on a statement of the same line.',
  ].join('\n'),
  nexti: [
    'nexti, ni',
    'Advance the focused warp by one recorded statement (as "stepi").',
    'Usage: nexti [N]',
    'There are no machine instructions to step over, so this is "stepi".',
  ].join('\n'),
  finish: [
    'finish, fin',
    'Run until the selected frame returns to its caller.',
    'Usage: finish',
    'A non-void result is shown as "Value returned is $N = ..." and kept in history.',
    'After "up", the selected outer frame is the one that runs to its return.',
  ].join('\n'),
  until: [
    'until, u',
    'Run the focused warp to a later line of this frame, or to LOCATION.',
    'Usage: until [LOCATION]',
    'Without LOCATION it stops at a line below the current one, so a loop\'s jump',
    'back is passed over; it also stops when the frame returns.',
  ].join('\n'),
  advance: [
    'Run to LOCATION without leaving a breakpoint there.',
    'Usage: advance LOCATION',
    'LOCATION is written as for "break"; other stops still end it early.',
  ].join('\n'),
  kill: [
    'Stop debugging the current run; the next "run" starts it over.',
    'Usage: kill',
  ].join('\n'),
  quit: [
    'quit, exit, q',
    'Leave Warpscope.',
    'Usage: quit',
    'A live recording is stopped; the trace file keeps what was recorded.',
  ].join('\n'),
  jump: [
    'jump, j',
    'Not supported: the recorded run cannot be sent to another line.',
    'Usage: jump LOCATION',
    'Use "goto STEP" or the reverse commands to move through the recording.',
  ].join('\n'),
  return: [
    'Not supported: a frame of the recorded run cannot be made to return early.',
    'Usage: return [EXPR]',
    'Use "finish" to run the frame to its recorded return.',
  ].join('\n'),
  signal: [
    'Not supported: no signal can be sent into the recorded run.',
    'Usage: signal SIGNAL',
  ].join('\n'),
  'reverse-step': [
    'reverse-step, rs',
    'Go back to the start of the focused warp\'s previous source line.',
    'Usage: reverse-step [N]',
    'Steps back into a function that the previous line called and returned from.',
    'N repeats it; a breakpoint or the start of the recording ends it early.',
  ].join('\n'),
  'reverse-next': [
    'reverse-next, rn',
    'Go back to the focused warp\'s previous source line, stepping over calls.',
    'Usage: reverse-next [N]',
    'N repeats it; a breakpoint or the start of the recording ends it early.',
  ].join('\n'),
  'reverse-stepi': [
    'reverse-stepi, rsi',
    'Go back by exactly one recorded statement of the focused warp.',
    'Usage: reverse-stepi [N]',
  ].join('\n'),
  'reverse-continue': [
    'reverse-continue, rc',
    'Run backward until a breakpoint, watchpoint or the start of the recording.',
    'Usage: reverse-continue',
  ].join('\n'),
  'reverse-finish': [
    'Go back to the call of the selected frame, in its caller.',
    'Usage: reverse-finish',
  ].join('\n'),
  goto: [
    'Jump to step STEP of the recording (as "info line" and watchpoints name steps).',
    'Usage: goto STEP',
    'The program stands before that statement, focused on the thread that runs it.',
    'A live session records on up to that step first.',
  ].join('\n'),
  'set scheduler': [
    'Choose how warps are interleaved from the next "run".',
    'Usage: set scheduler greedy|round-robin|random SEED',
    'A replayed trace keeps the scheduler it was recorded with.',
  ].join('\n'),
  'set cuda': [
    'Change a CUDA setting of the debugger.',
    'Usage: set cuda SETTING VALUE',
    'break_on_launch application|all|none: stop as each kernel starts.',
    'break_on_barrier on|off: stop when the focused block\'s warps reach a barrier.',
    'memcheck|racecheck|initcheck|synccheck on|off: stop at that tool\'s findings.',
  ].join('\n'),
  help: [
    'help, h',
    'Show the list of commands, or the text of one command.',
    'Usage: help [COMMAND]',
  ].join('\n'),
};

/** Help for breakpoints and watchpoints. */
export const BREAKPOINT_HELP: Readonly<Record<string, string>> = {
  break: [
    'break, brea, bre, br, b',
    'Stop the program whenever it reaches a source location.',
    'Usage: break [LOCATION] [if CONDITION]',
    'LOCATION is LINE, FILE:LINE, FUNCTION, +N or -N (lines from the current one),',
    'or "__syncthreads" for each arrival of the focused block\'s warps at a barrier.',
    'No LOCATION means the current statement.  A CONDITION stops only where it',
    'holds for at least one lane of the warp.',
  ].join('\n'),
  tbreak: [
    'Set a breakpoint that is deleted the first time it stops the program.',
    'Usage: tbreak [LOCATION] [if CONDITION]',
    'LOCATION and CONDITION are written as for "break".',
  ].join('\n'),
  condition: [
    'Make breakpoint N stop only where COND holds, or always without COND.',
    'Usage: condition N [COND]',
    'COND is checked in each lane the warp runs; any lane where it holds stops it.',
  ].join('\n'),
  delete: [
    'delete, del, d',
    'Remove breakpoints and watchpoints by number, or all of them.',
    'Usage: delete [N]...',
    '"delete display N..." removes display expressions instead.',
  ].join('\n'),
  disable: [
    'disable, disa, dis',
    'Switch off breakpoints and watchpoints by number, or all of them.',
    'Usage: disable [N]...',
    'A disabled one keeps its number and settings until "enable".',
  ].join('\n'),
  enable: [
    'enable, en',
    'Switch disabled breakpoints and watchpoints back on, by number or all.',
    'Usage: enable [N]...',
  ].join('\n'),
  watch: [
    'Stop whenever a statement writes the object EXPRESSION names.',
    'Usage: watch [-l|-location] EXPRESSION',
    'Works on host, global, shared and local memory and on registers; it also stops',
    'when running backward.  The stop names the writer and the old and new values.',
    'A watchpoint whose EXPRESSION names a frame\'s variables is deleted when that',
    'frame returns (or, running backward, before its call); -location watches the',
    'object\'s bytes alone, whatever frame is left.',
  ].join('\n'),
  rwatch: [
    'Stop whenever a statement reads the object EXPRESSION names.',
    'Usage: rwatch EXPRESSION',
    'Works on memory of any space; reads of register variables are not recorded,',
    'so they cannot be watched.',
  ].join('\n'),
  awatch: [
    'Not supported: use "watch" for writes and "rwatch" for reads.',
    'Usage: awatch EXPRESSION',
  ].join('\n'),
  commands: [
    'Give breakpoints a list of commands to run each time they stop the program.',
    'Usage: commands [N]...',
    'Without N it applies to the breakpoint or watchpoint set last.  Put the',
    'commands on the following lines and finish with "end"; a first line',
    '"silent" keeps the stop itself from being announced.',
  ].join('\n'),
  ignore: [
    'Let breakpoint N pass its next COUNT hits without stopping.',
    'Usage: ignore N COUNT',
  ].join('\n'),
  end: [
    'Close the command list that "commands" started.',
    'Usage: end',
    'It has no meaning on its own line outside such a list.',
  ].join('\n'),
  'info breakpoints': [
    'info breakpoints, info b',
    'List the breakpoints and watchpoints with their state.',
    'Usage: info breakpoints',
    'Each row gives the number, the kind, whether it is deleted when hit, whether',
    'it is enabled, where it stops and its condition and hit count.',
  ].join('\n'),
  'info watchpoints': [
    'List the breakpoints and watchpoints (as "info breakpoints").',
    'Usage: info watchpoints',
  ].join('\n'),
};
