/*
 * Exit statuses the CLI shares between its launching thread (launch.ts, kept small: it loads
 * nothing else) and the command it runs (warpscope.ts).
 */

/** Exit status of a command stopped by Ctrl-C: a shell's for a program killed by SIGINT. */
export const INTERRUPTED_STATUS = 128 + 2;
