/*
 * The debugger's expression language: gdb/cuda-gdb's C expressions for print, display,
 * x, watch and breakpoint conditions, evaluated over an EvalContext (the session's view
 * of the recorded machine state) and printed exactly as gdb prints them.
 */

export type { AddressSpace, EvalContext, Place, Symbol } from './context.js';
export type { Evaluated } from './value.js';
export type { EvalResult } from './eval.js';
export { evaluate, recordedOnly, typeOfExpression } from './eval.js';
export { ValueHistory } from './history.js';
export type { HistoryResult } from './history.js';
export { formatValue } from './format.js';
export type { PrintFormat } from './scalar-format.js';
export { parsePrint, printCommand } from './print-cmd.js';
export type { PrintArgs, PrintOutcome } from './print-cmd.js';
export { examine, examineArgumentError, initialExamineState } from './examine.js';
export type { ExamineResult, ExamineState, UnitSize } from './examine.js';
export { isTrue, lvalueOf, valueAsNumber } from './lvalue.js';
export type { LvalueResult } from './lvalue.js';
export { typeText } from './ctypes.js';
export { parse } from './parse.js';
