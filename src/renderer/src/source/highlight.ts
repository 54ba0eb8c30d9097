/*
 * A small CUDA C++ highlighter for the Source panel: comments (block comments across lines),
 * strings, numbers, preprocessor lines, keywords, types and CUDA's built-ins. It colours; it
 * does not parse, so it never fails on code the engine accepts or rejects.
 */

/** A token's colour class. */
export type TokenKind = 'plain' | 'comment' | 'string' | 'number' | 'keyword' | 'type' | 'builtin' | 'preproc';

/** A run of text of one kind. */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

const KEYWORDS = new Set(
  'if else for while do switch case default break continue return goto sizeof typedef struct union enum class template typename namespace using static extern const volatile inline constexpr new delete true false nullptr operator public private protected this auto register restrict __restrict__ __global__ __device__ __host__ __shared__ __constant__ __managed__ __forceinline__ __noinline__'.split(' '),
);
const TYPES = new Set('void bool char short int long float double signed unsigned size_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t dim3 float2 float3 float4 int2 int3 int4 uint2 uint3 uint4 double2 cudaError_t cudaStream_t cudaEvent_t half'.split(' '));
const BUILTINS = /^(threadIdx|blockIdx|blockDim|gridDim|warpSize|__syncthreads\w*|__syncwarp|__shfl\w*|__ballot_sync|__any_sync|__all_sync|atomic\w+|cuda\w+|printf|malloc|free|memcpy|memset)$/;

const TOKEN = /(\/\/.*$)|(\/\*)|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?)|(\b(?:0[xX][\da-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)[fFuUlL]*\b)|([A-Za-z_]\w*)/g;

/** Highlights each line of `text`; a block comment carries from one line to the next. */
export function highlight(text: string): Token[][] {
  const out: Token[][] = [];
  let inComment = false;
  for (const line of text.split('\n')) {
    const tokens: Token[] = [];
    const push = (kind: TokenKind, t: string): void => {
      if (t === '') return;
      const prev = tokens[tokens.length - 1];
      if (prev && prev.kind === kind) tokens[tokens.length - 1] = { kind, text: prev.text + t };
      else tokens.push({ kind, text: t });
    };
    let i = 0;
    if (!inComment && /^\s*#/.test(line)) {
      // A preprocessor line is one colour up to any comment on it.
      const c = line.search(/\/[/*]/);
      push('preproc', c < 0 ? line : line.slice(0, c));
      i = c < 0 ? line.length : c;
    }
    while (i < line.length) {
      if (inComment) {
        const end = line.indexOf('*/', i);
        push('comment', end < 0 ? line.slice(i) : line.slice(i, end + 2));
        if (end < 0) break;
        inComment = false;
        i = end + 2;
        continue;
      }
      TOKEN.lastIndex = i;
      const m = TOKEN.exec(line);
      if (!m) {
        push('plain', line.slice(i));
        break;
      }
      push('plain', line.slice(i, m.index));
      const [all, lineComment, blockStart, str, num, word] = m;
      if (lineComment) push('comment', all);
      else if (blockStart) {
        inComment = true;
        push('comment', all);
      } else if (str) push('string', all);
      else if (num) push('number', all);
      else if (word) push(KEYWORDS.has(word) ? 'keyword' : TYPES.has(word) ? 'type' : BUILTINS.test(word) ? 'builtin' : 'plain', all);
      i = m.index + all.length;
    }
    out.push(tokens);
  }
  return out;
}
