import { describe, expect, it } from 'vitest';
import { p } from './helpers.js';
import { isCharType } from '../../../src/debug/expr/ctypes.js';

describe('print: scalars', () => {
  it('prints ints, floats with %g precision, chars and bools as gdb does', () => {
    expect(p('i')).toBe('5');
    expect(p('neg')).toBe('-1');
    expect(p('x')).toBe('34.3333321');
    expect(p('1.0f')).toBe('1');
    expect(p('1.5e10f')).toBe('1.50000005e+10');
    expect(p('1e10f')).toBe('1e+10');
    expect(p('1.5e10')).toBe('15000000000');
    expect(p('0.1')).toBe('0.10000000000000001');
    expect(p('0.1f')).toBe('0.100000001');
    expect(p('1.0f/3')).toBe('0.333333343');
    expect(p('1e-5')).toBe('1.0000000000000001e-05');
    expect(p("'A'")).toBe("65 'A'");
    expect(p('(char)0')).toBe("0 '\\000'");
    expect(p("'\\n'")).toBe("10 '\\n'");
    expect(p("'\\''")).toBe("39 '\\''");
    expect(p('(unsigned char)200')).toBe("200 '\\310'");
    expect(p('true')).toBe('true');
    expect(p('3 > 2')).toBe('true');
    expect(p('!i')).toBe('false');
    expect(p('-x')).toBe('-34.3333321');
  });

  it('prints the char types as characters but a 1-byte enum as a number', () => {
    expect(isCharType({ kind: 'int', bits: 8, signed: false, name: 'unsigned char' })).toBe(true);
    expect(isCharType({ kind: 'int', bits: 8, signed: true, name: 'signed char' })).toBe(true);
    // enum Small : unsigned char { ... }
    expect(isCharType({ kind: 'int', bits: 8, signed: false, name: 'Small' })).toBe(false);
  });

  it('prints inf and nan from memory as gdb spells them', () => {
    expect(p('fdata[5]')).toBe('nan(0x400000)');
    expect(p('fdata[6]')).toBe('-nan(0x400000)');
    expect(p('fdata[7]')).toBe('inf');
    expect(p('-fdata[7]')).toBe('-inf');
    expect(p('1.0/0')).toBe('inf');
    expect(p('(double)fdata[5]')).toBe('nan(0x8000000000000)');
  });

  it('does C integer arithmetic: wraparound, unsigned, promotions, 64-bit', () => {
    expect(p('10/3')).toBe('3');
    expect(p('-7/2')).toBe('-3');
    expect(p('-7%3')).toBe('-1');
    expect(p('2147483647 + 1')).toBe('-2147483648');
    expect(p('4294967295u + 1')).toBe('0');
    expect(p('2147483648')).toBe('2147483648');
    expect(p('0xffffffff')).toBe('4294967295');
    expect(p('-1 < 0u')).toBe('false');
    expect(p('(unsigned char)255 + 1')).toBe('256');
    expect(p('1L << 40')).toBe('1099511627776');
    expect(p('9223372036854775807 + 1')).toBe('-9223372036854775808');
    expect(p('~0')).toBe('-1');
    expect(p('7 & 3 | 8 ^ 1')).toBe('11');
    expect(p('i * 2 + 1')).toBe('11');
    expect(p('i > 3 ? 10 : 20')).toBe('10');
    expect(p('x * 3')).toBe('103');
    expect(p('(int)x')).toBe('34');
    expect(p('(float)1/3')).toBe('0.333333343');
    expect(p('sizeof(int)')).toBe('4');
    expect(p('sizeof(struct point)')).toBe('12');
    expect(p('sizeof vals')).toBe('16');
    expect(p('sizeof(double *)')).toBe('8');
    expect(p('(1, 2)')).toBe('2');
  });

  it('reads CUDA built-ins of the focused thread', () => {
    expect(p('threadIdx')).toBe('{x = 1, y = 0, z = 0}');
    expect(p('blockDim')).toBe('{x = 128, y = 1, z = 1}');
    expect(p('blockIdx.x * blockDim.x + threadIdx.x')).toBe('257');
    expect(p('warpSize')).toBe('32');
    expect(p('laneid')).toBe('1');
  });
});

describe('print: arrays, structs, strings', () => {
  it('prints arrays with repeats as gdb does (more than 10 equal elements)', () => {
    expect(p('vals')).toBe('{25, 6, 34, 91}');
    expect(p('zeros')).toBe('{0 <repeats 16 times>}');
    expect(p('mixed')).toBe('{1, 2, 0 <repeats 14 times>}');
    expect(p('zeros[0]@10')).toBe('{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}');
    expect(p('zeros[0]@11')).toBe('{0 <repeats 11 times>}');
  });

  it('stops after 200 elements with ...', () => {
    const expected = '{' + Array.from({ length: 200 }, (_, i) => String(i)).join(', ') + '...}';
    expect(p('big')).toBe(expected);
  });

  it('prints char arrays as strings, dropping one trailing NUL and collapsing long NUL runs', () => {
    expect(p('name16')).toBe('"hello\\000\\000\\000\\000\\000\\000\\000\\000\\000\\000"');
    expect(p('name32')).toBe('"hello", \'\\000\' <repeats 26 times>');
    expect(p('name16[0]@8')).toBe('"hello\\000\\000"');
    expect(p('quote')).toBe('"say \\"hi\\"\\n\'\\000\\000\\000\\000\\000"');
    expect(p('longstr')).toBe("'a' <repeats 250 times>...");
    expect(p('"abc"')).toBe('"abc"');
    expect(p('"abc"[1]')).toBe("98 'b'");
  });

  it('prints structs, members and struct pointers', () => {
    expect(p('pt')).toBe('{x = 1, y = 2, z = 0.5}');
    expect(p('pt.y')).toBe('2');
    expect(p('ppt->z')).toBe('0.5');
    expect(p('(*ppt).x')).toBe('1');
    expect(p('ppt.x')).toBe('1');
    expect(p('rpt')).toBe('{x = 7, y = 8, z = 1.5}');
    expect(p('rpt.z * 2')).toBe('3');
    expect(p('*ppt')).toBe('{x = 1, y = 2, z = 0.5}');
  });
});

describe('print: pointers and address spaces', () => {
  it('prints device pointers with where they live and point, as cuda-gdb 13 does; char pointers with their string', () => {
    expect(p('p')).toBe('(@generic float * @register) 0x7fffd0000100');
    expect(p('p + 2')).toBe('(@generic float * @register) 0x7fffd0000108');
    expect(p('kp')).toBe('(@generic float * @parameter) 0x7fffd0000100');
    expect(p('kp + 1')).toBe('(@generic float * @parameter) 0x7fffd0000104');
    expect(p('&kp[1]')).toBe('(@generic float *) 0x7fffd0000104');
    expect(p('lp')).toBe('(@generic float * @local) 0x7fffd0000100');
    expect(p('&lp')).toBe('(@generic float * @local *) 0xfffd00');
    expect(p('plp')).toBe('(@generic float * @generic * @register) 0xfffd00');
    expect(p('*plp')).toBe('(@generic float * @generic) 0x7fffd0000100');
    expect(p('**plp')).toBe('34.3333321');
    expect(p('*p')).toBe('34.3333321');
    expect(p('p[3]')).toBe('-2.5');
    expect(p('*p@4')).toBe('{34.3333321, 1, 1e+10, -2.5}');
    expect(p('&sdata[4]')).toBe('(@shared int *) 0x10');
    expect(p('(@shared int *) 0x10')).toBe('(@shared int *) 0x10');
    expect(p('*(@shared int *) 0x10')).toBe('40');
    expect(p('*(@global float *) p')).toBe('34.3333321');
    expect(p('((@shared int *) 0)[3]')).toBe('30');
    expect(p('&vals')).toBe('(@global int (*)[4]) 0x7fffd0000000');
    expect(p('&vals[1] - &vals[0]')).toBe('1');
    expect(p('&pt')).toBe('(@local point *) 0xfffc80');
    expect(p('msg')).toBe('0x601040 "hi there"');
    expect(p('umsg')).toBe('(@generic unsigned char * @register) 0x601040 "hi there"');
    expect(p('msg + 3')).toBe('0x601043 "there"');
    expect(p('bad')).toBe('0x10 <error: Cannot access memory at address 0x10>');
    expect(p('nullc')).toBe('0x0');
    expect(p('nullf')).toBe('(@generic float * @register) 0x0');
    expect(p('(long)p')).toBe('140736683049216');
    expect(p('{int} 0x7fffd0000004')).toBe('6');
    expect(p('p == 0')).toBe('false');
  });
});

describe('print: formats', () => {
  it('applies /x /t /d /u /o /c /z /a to scalars with two\'s complement at the type size', () => {
    expect(p('/x -1')).toBe('0xffffffff');
    expect(p('/x (char)-1')).toBe('0xff');
    expect(p('/x (short)-1')).toBe('0xffff');
    expect(p('/x -1L')).toBe('0xffffffffffffffff');
    expect(p('/x 0')).toBe('0x0');
    expect(p('/t 10')).toBe('1010');
    expect(p('/t 0')).toBe('0');
    expect(p('/t (char)-1')).toBe('11111111');
    expect(p('/d (unsigned char)200')).toBe('-56');
    expect(p('/u -1')).toBe('4294967295');
    expect(p('/u (short)-1')).toBe('65535');
    expect(p('/o 8')).toBe('010');
    expect(p('/o 0')).toBe('0');
    expect(p('/c 65')).toBe("65 'A'");
    expect(p('/c 321')).toBe("65 'A'");
    expect(p('/z 5')).toBe('0x00000005');
    expect(p('/a 0x10')).toBe('0x10');
    expect(p('/x p')).toBe('0x7fffd0000100');
    expect(p('/d true')).toBe('1');
  });

  it("prints a float's bits under integer formats, converts it for /c, and reinterprets integers for /f (gdb 14)", () => {
    expect(p('/x 3.5')).toBe('0x400c000000000000');
    expect(p('/x -1.5f')).toBe('0xbfc00000');
    expect(p('/d x')).toBe('1107907925');
    expect(p('/c 65.5')).toBe("65 'A'");
    expect(p('/f 1078530011')).toBe('3.14159274');
    expect(p('/f 3')).toBe('4.20389539e-45');
    expect(p('/f (char)65')).toBe('65');
    expect(p('/f x')).toBe('34.3333321');
  });

  it('applies formats element-wise to arrays and structs', () => {
    expect(p('/x vals')).toBe('{0x19, 0x6, 0x22, 0x5b}');
    expect(p('/x pt')).toBe('{x = 0x1, y = 0x2, z = 0x3f000000}');
    expect(p('/x name16')).toBe('{0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x0 <repeats 11 times>}');
    expect(p('/d vals[0]@2')).toBe('{25, 6}');
    expect(p('/x zeros')).toBe('{0x0 <repeats 16 times>}');
    expect(p('/s name16[0]@6')).toBe('"hello"');
  });
});

describe('print: casts', () => {
  it('casts to C base types, header typedefs and struct pointers', () => {
    expect(p('(size_t)-1')).toBe('18446744073709551615');
    expect(p('(uint8_t)300')).toBe("44 ','");
    expect(p('(int8_t)-1')).toBe("-1 '\\377'");
    expect(p('(uint)-1')).toBe('4294967295');
    expect(p('(unsigned long long)-1')).toBe('18446744073709551615');
    expect(p('(long unsigned int)1 << 63')).toBe('9223372036854775808');
    expect(p('(short)70000')).toBe('4464');
    expect(p('(bool)5')).toBe('true');
    expect(p('(double)x')).toBe('34.333332061767578');
    expect(p('(int)-2.9')).toBe('-2');
    expect(p('(struct point *) 0')).toBe('(point *) 0x0');
    expect(p('((point *) ppt)->y')).toBe('2');
    expect(p('(int *) vals')).toBe('(int *) 0x7fffd0000000');
    expect(p('(const char *) msg')).toBe('0x601040 "hi there"');
    expect(p('(char **) 0')).toBe('(char **) 0x0');
    expect(p('(dim3 *) 0')).toBe('(dim3 *) 0x0');
    expect(p('(void) i')).toBe('void');
    expect(p('(point) i')).toBe('Invalid cast.');
  });
});

