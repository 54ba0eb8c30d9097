import { describe, expect, it } from 'vitest';
import { cudaTable } from '../../src/debug/cuda-table.js';

/*
 * The table layout against lines cuda-gdb 13 printed on the H100 (kernel AverageShared of
 * examples/avgfilter.cu, built -g -G): the same cells laid out by cudaTable give the same text,
 * trailing spaces included.
 */

describe('cudaTable', () => {
  it('right-aligns by default and left-aligns the invocation, padding it to the widest', () => {
    const lines = cudaTable(
      [...['Kernel', 'Parent', 'Dev', 'Grid', 'Status', 'SMs Mask', 'GridDim', 'BlockDim'].map((head) => ({ head })), { head: 'Invocation', align: 'left' as const }],
      [{ current: true, cells: ['0', '-', '0', '1', 'Active', '0x0010000000000000000000000000000000', '(1,1,1)', '(16,1,1)', 'AverageShared(A=0x7ffdd3e00000, out=0x7ffdd3e00200, iters=1)'] }],
    );
    expect(lines).toEqual([
      '  Kernel Parent Dev Grid Status                             SMs Mask GridDim BlockDim Invocation                                                   ',
      '*      0      -   0    1 Active 0x0010000000000000000000000000000000 (1,1,1) (16,1,1) AverageShared(A=0x7ffdd3e00000, out=0x7ffdd3e00200, iters=1) ',
    ]);
  });

  it('centres with the odd space on the left, and prints group lines as they are', () => {
    const lines = cudaTable([{ head: 'Ln' }, { head: 'State', align: 'center' }, { head: 'PC', align: 'center' }, { head: 'ThreadIdx' }, { head: 'Exception', align: 'center' }], [
      { group: 'Device 0 SM 124 Warp 0' },
      { current: true, cells: ['0', 'active', '0x00007ffddb7ad860', '(0,0,0)', 'None'] },
      { current: false, cells: ['1', 'active', '0x00007ffddb7ad860', '(1,0,0)', 'None'] },
    ]);
    expect(lines).toEqual([
      '  Ln  State         PC         ThreadIdx Exception ',
      'Device 0 SM 124 Warp 0',
      '*  0 active 0x00007ffddb7ad860   (0,0,0)    None   ',
      '   1 active 0x00007ffddb7ad860   (1,0,0)    None   ',
    ]);
  });

  it('keeps a fixed column at its header width when a cell runs over it (launch trace level)', () => {
    const cols = [{ head: 'Lvl', align: 'left' as const, fixed: true }, ...['Kernel', 'Dev', 'Grid', 'Status', 'GridDim', 'BlockDim'].map((head) => ({ head })), { head: 'Invocation', align: 'left' as const }];
    const lines = cudaTable(cols, [{ current: true, cells: ['#0  ', '0', '0', '1', 'Active', '(1,1,1)', '(16,1,1)', 'AverageShared(A=0x7ffdd3e00000, out=0x7ffdd3e00200, iters=1)'] }]);
    expect(lines).toEqual([
      '  Lvl Kernel Dev Grid Status GridDim BlockDim Invocation                                                   ',
      '* #0        0   0    1 Active (1,1,1) (16,1,1) AverageShared(A=0x7ffdd3e00000, out=0x7ffdd3e00200, iters=1) ',
    ]);
  });
});
