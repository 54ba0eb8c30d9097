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
    expect(firstError(inMain('std::cout << std::showpos << n;'))).toBe("6:16: 'std::showpos' is not supported by Warpscope");
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
});
