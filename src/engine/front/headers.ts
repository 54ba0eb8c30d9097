/**
 * Built-in headers. Warpscope has no system include tree: the functions and
 * types these headers declare are known to the checker by name, so a header
 * here contributes only its macros, written as C source and run through the
 * preprocessor like any file. Spellings follow glibc and gcc on x86-64 Linux,
 * the host compiler nvcc uses there, so that stringized macros and types of
 * constants match a real build.
 */

const STDIO = `
#define EOF (-1)
#define BUFSIZ 8192
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define FILENAME_MAX 4096
`;

const STDLIB = `
#define RAND_MAX 2147483647
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
`;

// INFINITY and friends use gcc's builtins, as glibc does; the checker knows them by name.
const MATH = `
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#define MAXFLOAT 3.40282347e+38F
#define HUGE_VAL (__builtin_huge_val ())
#define HUGE_VALF (__builtin_huge_valf ())
#define INFINITY (__builtin_inff ())
#define NAN (__builtin_nanf (""))
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
`;

const LIMITS = `
#define CHAR_BIT 8
#define MB_LEN_MAX 16
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MAX 9223372036854775807L
#define LONG_MIN (-LONG_MAX - 1L)
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MAX 9223372036854775807LL
#define LLONG_MIN (-LLONG_MAX - 1LL)
#define ULLONG_MAX 18446744073709551615ULL
`;

// gcc's float.h maps FLT_MAX to __FLT_MAX__ and so on; these are the expanded x86-64 values.
const FLOAT = `
#define FLT_RADIX 2
#define FLT_MANT_DIG 24
#define DBL_MANT_DIG 53
#define FLT_DIG 6
#define DBL_DIG 15
#define FLT_MIN_EXP (-125)
#define DBL_MIN_EXP (-1021)
#define FLT_MIN_10_EXP (-37)
#define DBL_MIN_10_EXP (-307)
#define FLT_MAX_EXP 128
#define DBL_MAX_EXP 1024
#define FLT_MAX_10_EXP 38
#define DBL_MAX_10_EXP 308
#define FLT_MAX 3.40282346638528859811704183484516925e+38F
#define DBL_MAX ((double)1.79769313486231570814527423731704357e+308L)
#define FLT_MIN 1.17549435082228750796873653722224568e-38F
#define DBL_MIN ((double)2.22507385850720138309023271733240406e-308L)
#define FLT_EPSILON 1.19209289550781250000000000000000000e-7F
#define DBL_EPSILON ((double)2.22044604925031308084726333618164062e-16L)
#define FLT_TRUE_MIN 1.40129846432481707092372958328991613e-45F
#define DBL_TRUE_MIN ((double)4.94065645841246544176568792863218426e-324L)
#define FLT_DECIMAL_DIG 9
#define DBL_DECIMAL_DIG 17
#define DECIMAL_DIG 21
#define FLT_EVAL_METHOD 0
`;

const STDINT = `
#define __INT64_C(c) c ## L
#define __UINT64_C(c) c ## UL
#define INT8_MIN (-128)
#define INT16_MIN (-32767-1)
#define INT32_MIN (-2147483647-1)
#define INT64_MIN (-__INT64_C(9223372036854775807)-1)
#define INT8_MAX (127)
#define INT16_MAX (32767)
#define INT32_MAX (2147483647)
#define INT64_MAX (__INT64_C(9223372036854775807))
#define UINT8_MAX (255)
#define UINT16_MAX (65535)
#define UINT32_MAX (4294967295U)
#define UINT64_MAX (__UINT64_C(18446744073709551615))
#define INTPTR_MIN (-9223372036854775807L-1)
#define INTPTR_MAX (9223372036854775807L)
#define UINTPTR_MAX (18446744073709551615UL)
#define INTMAX_MIN (-__INT64_C(9223372036854775807)-1)
#define INTMAX_MAX (__INT64_C(9223372036854775807))
#define UINTMAX_MAX (__UINT64_C(18446744073709551615))
#define PTRDIFF_MIN (-9223372036854775807L-1)
#define PTRDIFF_MAX (9223372036854775807L)
#define SIZE_MAX (18446744073709551615UL)
#define INT8_C(c) c
#define INT16_C(c) c
#define INT32_C(c) c
#define INT64_C(c) c ## L
#define UINT8_C(c) c
#define UINT16_C(c) c
#define UINT32_C(c) c ## U
#define UINT64_C(c) c ## UL
#define INTMAX_C(c) c ## L
#define UINTMAX_C(c) c ## UL
`;

// glibc writes CLOCKS_PER_SEC as ((__clock_t) 1000000); clock_t is the public name of the same type.
const TIME = `
#define CLOCKS_PER_SEC ((clock_t) 1000000)
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
`;

const STDBOOL = `
#define __bool_true_false_are_defined 1
`;

// nvcc pre-includes cuda_runtime.h, and through it the C library headers its
// math and common functions need, so printf, malloc, M_PI and clock() work
// in a .cu file with no #include at all.
const CUDA_RUNTIME = `
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#define CUDART_VERSION 13000
#define CUDART_CB
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
`;

const CUDA_DRIVER = `
#include <cuda_runtime.h>
#define CUDA_VERSION 13000
`;

/** Canonical header name to its macro text; C++ <cxxx> spellings alias the C ones below. */
const CANON: ReadonlyMap<string, string> = new Map([
  ['stdio.h', STDIO],
  ['stdlib.h', STDLIB],
  ['math.h', MATH],
  ['limits.h', LIMITS],
  ['float.h', FLOAT],
  ['stdint.h', STDINT],
  ['time.h', TIME],
  ['stdbool.h', STDBOOL],
  // size_t, ptrdiff_t and NULL are built in.
  ['stddef.h', '#define offsetof(type, member) __builtin_offsetof(type, member)\n'],
  // cudaProfilerStart/Stop are built in, as the runtime's own calls are.
  ['cuda_profiler_api.h', ''],
  ['string.h', ''],
  ['assert.h', ''],
  ['cuda_runtime.h', CUDA_RUNTIME],
  ['cuda_runtime_api.h', '#include <cuda_runtime.h>\n'],
  ['cuda.h', CUDA_DRIVER],
  ['device_launch_parameters.h', ''],
  ['cooperative_groups.h', ''],
  ['cooperative_groups/reduce.h', '#include <cooperative_groups.h>\n'],
  ['iostream', ''],
  ['iomanip', ''],
  ['algorithm', ''],
  ['sys/time.h', '#include <time.h>\n'],
  ['unistd.h', ''],
]);

const ALIASES: ReadonlyMap<string, string> = new Map([
  ['cstdio', 'stdio.h'],
  ['cstdlib', 'stdlib.h'],
  ['cmath', 'math.h'],
  ['climits', 'limits.h'],
  ['cfloat', 'float.h'],
  ['cstdint', 'stdint.h'],
  ['ctime', 'time.h'],
  ['cstring', 'string.h'],
  ['cstddef', 'stddef.h'],
  ['cassert', 'assert.h'],
]);

/** The canonical name of a built-in header (C++ `<cmath>` -> `math.h`), or null when Warpscope has no such header. */
export function builtinHeaderName(name: string): string | null {
  const canon = ALIASES.get(name) ?? name;
  return CANON.has(canon) ? canon : null;
}

/** The macro text of a built-in header, by canonical name. */
export function builtinHeaderText(canon: string): string {
  return CANON.get(canon) ?? '';
}

/**
 * Macros every translation unit starts with, as nvcc's host pass sees them.
 * __CUDA_ARCH__ is absent here: compile-source.ts defines it for the device
 * pass only, as nvcc does. __FILE__ and __LINE__ are computed at each use.
 */
export const PREDEFINED = `
#define __CUDACC__ 1
#define __NVCC__ 1
#define __cplusplus 201703L
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __STDC__ 1
#define __linux__ 1
#define __x86_64__ 1
#define NULL 0
#include <cuda_runtime.h>
`;
