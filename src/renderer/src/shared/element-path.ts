import type { ScalarKind, SharedType } from '../../../protocol/views';

/*
 * Where a byte of a shared variable lies in its declared type, spelled as C subscripts it:
 * `[1][0]` for a 2-D array, `[2].x` for a member of an array of structs. The paths are what a
 * user types after the variable's name into `print`.
 */

/** One scalar of a variable: its path (`[1][0]`, `.x`, '' for a scalar variable), its first byte in the variable, and how it reads. */
export interface ScalarAt {
  readonly path: string;
  readonly start: number;
  readonly elem: ScalarKind;
  readonly size: number;
}

/** Bytes an object of layout `t` takes. */
export function layoutSize(t: SharedType): number {
  switch (t.kind) {
    case 'scalar':
      return t.size;
    case 'array':
      return t.length * t.stride;
    case 'struct':
      return t.size;
  }
}

/** The scalars of `t` whose first byte lies in [from, to), in address order. */
export function scalarsIn(t: SharedType, from: number, to: number): ScalarAt[] {
  const out: ScalarAt[] = [];
  const collect = (u: SharedType, lo: number, hi: number, path: string, base: number): void => {
    switch (u.kind) {
      case 'scalar':
        if (lo <= 0 && 0 < hi) out.push({ path, start: base, elem: u.elem, size: u.size });
        return;
      case 'array': {
        if (u.stride <= 0) return;
        // Only the elements the range reaches: a big array costs no more than a small one.
        const last = Math.min(u.length - 1, Math.floor((hi - 1) / u.stride));
        for (let i = Math.max(0, Math.floor(lo / u.stride)); i <= last; i++) collect(u.of, lo - i * u.stride, hi - i * u.stride, `${path}[${i}]`, base + i * u.stride);
        return;
      }
      case 'struct':
        for (const f of u.fields) {
          if (f.offset < hi && f.offset + layoutSize(f.type) > lo) collect(f.type, lo - f.offset, hi - f.offset, `${path}.${f.name}`, base + f.offset);
        }
    }
  };
  collect(t, from, to, '', 0);
  return out;
}

/** The path of the innermost object of `t` holding byte `at`, and whether that object is a scalar (not a struct's padding). */
export function pathAt(t: SharedType, at: number): { path: string; inScalar: boolean } {
  let path = '';
  let u = t;
  let rel = at;
  for (;;) {
    if (u.kind === 'scalar') return { path, inScalar: rel >= 0 && rel < u.size };
    if (u.kind === 'array') {
      const i = u.stride > 0 ? Math.floor(rel / u.stride) : -1;
      if (i < 0 || i >= u.length) return { path, inScalar: false };
      path += `[${i}]`;
      rel -= i * u.stride;
      u = u.of;
      continue;
    }
    const f = u.fields.find((x) => rel >= x.offset && rel < x.offset + layoutSize(x.type));
    if (!f) return { path, inScalar: false };
    path += `.${f.name}`;
    rel -= f.offset;
    u = f.type;
  }
}
