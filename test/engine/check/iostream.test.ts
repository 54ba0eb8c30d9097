import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/** The first error of a program that does not compile, as `line:col: message`. */
function firstError(source: string): string {
  const r = runSource(source);
  const d = r.diagnostics.find((x) => x.severity === 'error');
  if (!d) throw new Error(`expected an error, got status ${r.status}: ${r.stdout}`);
  return `${d.loc.line}:${d.loc.col}: ${d.message}`;
}

const inMain = (line: string, headers = '#include <iostream>\n#include <iomanip>\n'): string => `${headers}struct P { int x; };\nint main() {\n  int n = 1; P p = {1};\n  ${line}\n  return n + p.x;\n}\n`;

describe('<iostream> in the checker', () => {
  it('names the stream library Warpscope does not offer, where it is used', () => {
    expect(firstError(inMain('std::string s = "x";'))).toBe("6:3: 'std::string' is not supported by Warpscope");
    expect(firstError(inMain('std::cin >> n;'))).toBe("6:3: 'std::cin' (input streams) is not supported by Warpscope");
    expect(firstError(inMain('std::cout << p;'))).toBe("6:16: '<<' of a value of type 'P' to an output stream is not supported by Warpscope");
    expect(firstError(inMain('std::cout.precision(3);'))).toBe("6:3: 'std::cout' other than as the left operand of '<<' is not supported by Warpscope");
    expect(firstError(inMain('std::cout << std::unitbuf << n;'))).toBe("6:16: 'std::unitbuf' is not supported by Warpscope");
    expect(firstError(inMain('std::cout << std::setiosflags(std::ios::showpos) << n;'))).toBe("6:16: 'std::setiosflags' is not supported by Warpscope");
    expect(firstError(inMain('std::ios::sync_with_stdio(false);'))).toBe("6:3: 'std::ios::sync_with_stdio' is not supported by Warpscope");
    expect(firstError(`#include <iostream>\nvoid show(std::ostream &os) {}\nint main() { return 0; }\n`)).toBe("2:11: 'std::ostream' is not supported by Warpscope");
  });

  it('rejects what C++ rejects with clang\'s words', () => {
    expect(firstError(inMain('std::cout << (void)n;'))).toBe("6:16: invalid operands to binary expression ('std::ostream' and 'void')");
    expect(firstError(inMain('std::cout << std::setw(1, 2);'))).toBe("6:16: no matching function for call to 'setw'");
  });

  it('says which header declares a stream name used without it', () => {
    expect(firstError(inMain('std::cout << n;', '#include <cstdio>\n'))).toBe("5:3: no member named 'cout' in namespace 'std'; include <iostream> to use 'std::cout'");
    expect(firstError(inMain('std::cout << std::setw(2) << n;', '#include <iostream>\n'))).toBe("5:16: no member named 'setw' in namespace 'std'; include <iomanip> to use 'std::setw'");
  });

  it('rejects streams in device code as nvcc does, every use of them', () => {
    const r = runSource(`#include <iostream>\n__global__ void k() {\n  std::cout << threadIdx.x << std::endl;\n  std::cerr << 1;\n}\nint main() { k<<<1, 1>>>(); return 0; }\n`);
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`)).toEqual([
      '3:3: identifier "std::cout" is undefined in device code',
      '4:3: identifier "std::cerr" is undefined in device code',
    ]);
  });

  it('runs showpos, showbase, uppercase, showpoint, hexfloat, internal and setbase as libstdc++ does', () => {
    // Expected output printed by the same lines built with g++ 12.2.
    const r = runSource(inMain('std::cout << std::showpos << n << \' \' << -n << \' \' << 2u << \' \' << 3.5 << std::noshowpos << \' \' << n << \'\\n\';\n' +
      '  std::cout << std::showbase << std::hex << 255 << \' \' << std::uppercase << 255 << \' \' << 1e20 << std::nouppercase << std::noshowbase << std::dec << \'\\n\';\n' +
      '  std::cout << std::hexfloat << 3.0 << std::defaultfloat << \' \' << std::showpoint << 1.0 << std::noshowpoint << \' \' << std::setbase(8) << 8 << std::setbase(10) << \'\\n\';\n' +
      '  std::cout << std::internal << std::setw(6) << -42 << \'|\' << std::setfill(\'0\') << std::setw(8) << std::showbase << std::hex << 255 << std::endl;'));
    expect(r.diagnostics).toEqual([]);
    expect(r.stdout).toBe('+1 -1 2 +3.5 1\n0xff 0XFF 1E+20\n0x1.8p+1 1.00000 10\n-   42|0x0000ff\n');
  });
});
