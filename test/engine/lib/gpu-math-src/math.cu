// Dumps device math results as hex for golden tables. Build: nvcc -O3 -arch=sm_90 -fmad=false
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>
#include <string>
#include <sys/stat.h>
#define N 2048
static uint64_t st = 88172645463325252ull;
static uint64_t rnd() { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
static double uni(double lo, double hi) { return lo + (hi - lo) * ((rnd() >> 11) * (1.0 / 9007199254740992.0)); }
static float fbits(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint32_t bitsf(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static double dbits(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }
static uint64_t bitsd(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }
static const float fspec[] = {0.f, -0.f, 1.f, -1.f, INFINITY, -INFINITY, NAN, 0.5f, -0.5f, 2.f, 1e-45f, -1e-45f, 1.17549435e-38f, 3.4028235e38f, -3.4028235e38f, 3.14159265f, 1.5707963f, 0.1f, 10.f, 100.f, 88.7f, -87.3f, 1e-8f, 1e-30f, 0.99999994f, 1.0000001f, 2.5f, -2.5f, 3.5f, 65504.f, 1e10f, 126.f};
static const int NFS = sizeof(fspec) / sizeof(fspec[0]);

// One input: a special value, a random bit pattern, or a uniform value in [lo,hi].
static float genf(int i, double lo, double hi) {
  if (i < NFS) return fspec[i];
  if (i % 4 == 0) return fbits((uint32_t)rnd());
  return (float)uni(lo, hi);
}
static double gend(int i, double lo, double hi) {
  if (i < NFS) return (double)fspec[i];
  if (i % 4 == 0) return dbits(rnd());
  return uni(lo, hi);
}
#define K1F(nm, ex) __global__ void k_##nm(const float* a, const float* b, const float* c, float* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { float x = a[i]; (void)b; (void)c; r[i] = ex; } }
#define K2F(nm, ex) __global__ void k_##nm(const float* a, const float* b, const float* c, float* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { float x = a[i], y = b[i]; (void)c; r[i] = ex; } }
#define K3F(nm, ex) __global__ void k_##nm(const float* a, const float* b, const float* c, float* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { float x = a[i], y = b[i], z = c[i]; r[i] = ex; } }
#define K1D(nm, ex) __global__ void k_##nm(const double* a, const double* b, const double* c, double* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { double x = a[i]; (void)b; (void)c; r[i] = ex; } }
#define K2D(nm, ex) __global__ void k_##nm(const double* a, const double* b, const double* c, double* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { double x = a[i], y = b[i]; (void)c; r[i] = ex; } }
#define K3D(nm, ex) __global__ void k_##nm(const double* a, const double* b, const double* c, double* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { double x = a[i], y = b[i], z = c[i]; r[i] = ex; } }
#include "kernels.inc"

typedef void (*KF)(const float*, const float*, const float*, float*);
typedef void (*KD)(const double*, const double*, const double*, double*);
struct FT { const char* nm; int ar; KF k; double lo, hi, lo2, hi2; };
struct DT { const char* nm; int ar; KD k; double lo, hi, lo2, hi2; };
#include "tables.inc"

int main() {
  mkdir("gm", 0755);
  float *fa, *fb, *fc, *fr; double *da, *db, *dc, *dr;
  cudaMalloc(&fa, N * 4); cudaMalloc(&fb, N * 4); cudaMalloc(&fc, N * 4); cudaMalloc(&fr, N * 4);
  cudaMalloc(&da, N * 8); cudaMalloc(&db, N * 8); cudaMalloc(&dc, N * 8); cudaMalloc(&dr, N * 8);
  std::vector<float> a(N), b(N), c(N), r(N);
  for (const FT& t : ftab) {
    for (int i = 0; i < N; i++) {
      a[i] = genf(i, t.lo, t.hi);
      // second/third operands: specials cross first-operand specials in a different order
      b[i] = i < NFS * 2 ? fspec[(i * 7 + 3) % NFS] : genf(i + 1, t.lo2, t.hi2);
      c[i] = i < NFS * 2 ? fspec[(i * 5 + 1) % NFS] : genf(i + 2, t.lo2, t.hi2);
      if (i >= NFS && i < 2 * NFS) a[i] = genf(i, t.lo, t.hi);
    }
    cudaMemcpy(fa, a.data(), N * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(fb, b.data(), N * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(fc, c.data(), N * 4, cudaMemcpyHostToDevice);
    t.k<<<N / 256, 256>>>(fa, fb, fc, fr);
    cudaError_t e = cudaMemcpy(r.data(), fr, N * 4, cudaMemcpyDeviceToHost);
    if (e) { printf("%s: %s\n", t.nm, cudaGetErrorString(e)); return 1; }
    std::string p = std::string("gm/") + t.nm + ".txt";
    FILE* f = fopen(p.c_str(), "w");
    for (int i = 0; i < N; i++) {
      fprintf(f, "%08x", bitsf(a[i]));
      if (t.ar > 1) fprintf(f, " %08x", bitsf(b[i]));
      if (t.ar > 2) fprintf(f, " %08x", bitsf(c[i]));
      fprintf(f, " %08x\n", bitsf(r[i]));
    }
    fclose(f);
  }
  std::vector<double> A(N), B(N), C(N), R(N);
  for (const DT& t : dtab) {
    for (int i = 0; i < N; i++) {
      A[i] = gend(i, t.lo, t.hi);
      B[i] = i < NFS * 2 ? (double)fspec[(i * 7 + 3) % NFS] : gend(i + 1, t.lo2, t.hi2);
      C[i] = i < NFS * 2 ? (double)fspec[(i * 5 + 1) % NFS] : gend(i + 2, t.lo2, t.hi2);
      if (i >= NFS && i < 2 * NFS) A[i] = gend(i, t.lo, t.hi);
    }
    cudaMemcpy(da, A.data(), N * 8, cudaMemcpyHostToDevice);
    cudaMemcpy(db, B.data(), N * 8, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, C.data(), N * 8, cudaMemcpyHostToDevice);
    t.k<<<N / 256, 256>>>(da, db, dc, dr);
    cudaError_t e = cudaMemcpy(R.data(), dr, N * 8, cudaMemcpyDeviceToHost);
    if (e) { printf("%s: %s\n", t.nm, cudaGetErrorString(e)); return 1; }
    std::string p = std::string("gm/") + t.nm + ".txt";
    FILE* f = fopen(p.c_str(), "w");
    for (int i = 0; i < N; i++) {
      fprintf(f, "%016llx", (unsigned long long)bitsd(A[i]));
      if (t.ar > 1) fprintf(f, " %016llx", (unsigned long long)bitsd(B[i]));
      if (t.ar > 2) fprintf(f, " %016llx", (unsigned long long)bitsd(C[i]));
      fprintf(f, " %016llx\n", (unsigned long long)bitsd(R[i]));
    }
    fclose(f);
  }
  printf("done\n");
  return 0;
}
