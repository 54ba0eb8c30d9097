import { describe, expect, it } from 'vitest';
import { execute } from '../../../src/engine/execute.js';
import { defaultRunOptions } from '../../../src/engine/api.js';
import { runSource } from '../exec/run-source.js';

/** The program's output as flushed, in order: `O:` stdout and `E:` stderr chunks. */
function chunks(source: string): string[] {
  const out: string[] = [];
  const host = { readFile: (p: string) => (p === 'prog.cu' ? source : null) };
  execute({ kind: 'run', file: 'prog.cu', argv: ['prog'], options: defaultRunOptions }, host, (e) => {
    if (e.kind === 'stdout' || e.kind === 'stderr') out.push(`${e.kind === 'stdout' ? 'O' : 'E'}:${e.text}`);
  });
  return out;
}

const main = (body: string): string => `#include <cstdio>\n#include <iostream>\n#include <iomanip>\nint main() {\n${body}\nreturn 0;\n}\n`;

describe('std::cout, std::cerr and std::clog', () => {
  it('share stdio buffers as libstdc++ does: cout with printf, cerr flushing cout first, clog unbuffered', () => {
    const src = main(`printf("p1 "); std::cout << "c1 "; std::clog << "L1\\n"; std::cout << "c2" << '\\n'; std::cerr << "E1" << std::endl; std::cout << "c3 "; printf("p2\\n");`);
    expect(chunks(src)).toEqual(['E:L1\n', 'O:p1 c1 c2\n', 'E:E1', 'E:\n', 'O:c3 p2\n']);
  });

  it('flushes stdout at std::endl and std::flush, not at a newline', () => {
    expect(chunks(main(`std::cout << "a\\n" << "b" << std::flush; std::cout << "c" << std::endl; fprintf(stderr, "x");`))).toEqual(['O:a\nb', 'O:c\n', 'E:x']);
  });

  it('keeps manipulators on the stream across statements, and the width for one insertion', () => {
    const r = runSource(main(`std::cout << std::hex << 255; std::cout << ' ' << 16 << std::dec << ' ' << 16 << '\\n';
std::cout << std::setw(4) << 1 << 2 << '\\n' << std::fixed << std::setprecision(2); std::cout << 1.0 << ' ' << 2.0f << '\\n';`));
    expect(r.stdout).toBe('ff 10 16\n   12\n1.00 2.00\n');
  });

  it('prints the operand as the overload for its type would: chars, bools, enums, pointers, strings', () => {
    const r = runSource(`#include <iostream>
enum E { A = 3 };
int main() {
  unsigned char u = 65; signed char s = 66; char buf[4] = "hi"; const char *p = buf; bool b = true; short h = -2; long long ll = -5;
  std::cout << u << s << ' ' << buf << p << ' ' << b << ' ' << A << ' ' << h << ' ' << ll << ' ' << (void *)0 << ' ' << nullptr << ' ' << 0.5f << std::endl;
  return 0;
}
`);
    expect(r.stdout).toBe('AB hihi 1 3 -2 -5 0 nullptr 0.5\n');
  });

  it('writes nothing more to a stream after a null char* sets its badbit', () => {
    const r = runSource(main(`const char *s = 0; std::cout << "a" << s << "b" << std::endl; std::cout << 1; std::cerr << "e\\n"; printf("p\\n");`));
    expect([r.stdout, r.stderr]).toEqual(['ap\n', 'e\n']);
  });

  it('evaluates and writes each operand in turn (C++17), so a call that prints lands between', () => {
    const r = runSource(`#include <cstdio>\n#include <iostream>\nint f(int x) { printf("[f]"); return x; }\nint main() { std::cout << "a" << f(1) << "b" << f(2) << '\\n'; return 0; }\n`);
    expect(r.stdout).toBe('a[f]1b[f]2\n');
  });

  it('finds the names through using-directives and using-declarations', () => {
    const r = runSource(`#include <iostream>\n#include <iomanip>\nusing std::cout;\nusing std::endl;\nvoid f() { using namespace std; cout << setw(3) << left << 1 << '|' << endl; }\nint main() { f(); cout << 2 << endl; return 0; }\n`);
    expect(r.stdout).toBe('1  |\n2\n');
  });
});
