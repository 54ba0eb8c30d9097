// Large validation tables (binary) for the functions ported bit-exactly. nvcc -O3 -arch=sm_90 -fmad=false
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#include <string>
#include <sys/stat.h>
#define N 65536
static uint64_t st = 0x9E3779B97F4A7C15ull;
static uint64_t rnd() { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
static float fbits(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static double dbits(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }
// half raw bit patterns, half sign * 2^[elo,ehi] * random mantissa
static float genf(int i, int elo, int ehi) {
  if (i % 2 == 0) return fbits((uint32_t)rnd());
  uint32_t e = (uint32_t)(127 + elo + (int)(rnd() % (uint64_t)(ehi - elo + 1)));
  return fbits((uint32_t)((rnd() & 1) << 31) | (e << 23) | (uint32_t)(rnd() & 0x7fffff));
}
static double gend(int i, int elo, int ehi) {
  if (i % 2 == 0) return dbits(rnd());
  uint64_t e = (uint64_t)(1023 + elo + (int)(rnd() % (uint64_t)(ehi - elo + 1)));
  return dbits(((rnd() & 1) << 63) | (e << 52) | (rnd() & 0xfffffffffffffull));
}
#define K1F(nm, ex) __global__ void k_##nm(const float* a, const float* b, const float* c, float* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { float x = a[i]; (void)b; (void)c; r[i] = ex; } }
#define K2F(nm, ex) __global__ void k_##nm(const float* a, const float* b, const float* c, float* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { float x = a[i], y = b[i]; (void)c; r[i] = ex; } }
#define K3F(nm, ex) __global__ void k_##nm(const float* a, const float* b, const float* c, float* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { float x = a[i], y = b[i], z = c[i]; r[i] = ex; } }
#define K1D(nm, ex) __global__ void k_##nm(const double* a, const double* b, const double* c, double* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { double x = a[i]; (void)b; (void)c; r[i] = ex; } }
#define K2D(nm, ex) __global__ void k_##nm(const double* a, const double* b, const double* c, double* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { double x = a[i], y = b[i]; (void)c; r[i] = ex; } }
#define K3D(nm, ex) __global__ void k_##nm(const double* a, const double* b, const double* c, double* r) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < N) { double x = a[i], y = b[i], z = c[i]; r[i] = ex; } }
K1F(logf, logf(x)) K1F(log2f, log2f(x)) K1F(log10f, log10f(x)) K1F(log1pf, log1pf(x)) K1F(sinf, sinf(x)) K1F(cosf, cosf(x))
K1F(tanf, tanf(x)) K1F(asinf, asinf(x)) K1F(acosf, acosf(x)) K1F(atanf, atanf(x))
K2F(hypotf, hypotf(x, y)) K2F(atan2f, atan2f(x, y)) K2F(powf, powf(x, y)) K3F(fmaf, fmaf(x, y, z))
K1D(exp, exp(x)) K1D(log, log(x)) K1D(sin, sin(x)) K1D(cos, cos(x)) K1D(tan, tan(x)) K2D(pow, pow(x, y)) K3D(fma, fma(x, y, z))
typedef void (*KF)(const float*, const float*, const float*, float*);
typedef void (*KD)(const double*, const double*, const double*, double*);
struct FT { const char* nm; KF k; int e1lo, e1hi, e2lo, e2hi; };
struct DT { const char* nm; KD k; int e1lo, e1hi, e2lo, e2hi; };
static FT ft[] = {{"logf", k_logf, -130, 127, 0, 0}, {"log2f", k_log2f, -130, 127, 0, 0}, {"log10f", k_log10f, -130, 127, 0, 0},
  {"log1pf", k_log1pf, -30, 10, 0, 0}, {"sinf", k_sinf, -20, 30, 0, 0}, {"cosf", k_cosf, -20, 30, 0, 0}, {"tanf", k_tanf, -20, 30, 0, 0},
  {"asinf", k_asinf, -20, 0, 0, 0}, {"acosf", k_acosf, -20, 0, 0, 0}, {"atanf", k_atanf, -30, 30, 0, 0},
  {"hypotf", k_hypotf, -140, 127, -140, 127}, {"atan2f", k_atan2f, -30, 30, -30, 30}, {"powf", k_powf, -10, 10, -8, 8}, {"fmaf", k_fmaf, -140, 127, -140, 127}};
static DT dt[] = {{"exp", k_exp, -30, 10, 0, 0}, {"log", k_log, -1074, 1023, 0, 0}, {"sin", k_sin, -20, 60, 0, 0}, {"cos", k_cos, -20, 60, 0, 0},
  {"tan", k_tan, -20, 60, 0, 0}, {"pow", k_pow, -10, 10, -8, 8}, {"fma", k_fma, -1074, 1023, -1074, 1023}};
int main() {
  mkdir("gm2", 0755);
  float *fa, *fb, *fc, *fr; double *da, *db, *dc, *dr;
  cudaMalloc(&fa, N * 4); cudaMalloc(&fb, N * 4); cudaMalloc(&fc, N * 4); cudaMalloc(&fr, N * 4);
  cudaMalloc(&da, N * 8); cudaMalloc(&db, N * 8); cudaMalloc(&dc, N * 8); cudaMalloc(&dr, N * 8);
  std::vector<float> a(N), b(N), c(N), r(N);
  for (const FT& t : ft) {
    for (int i = 0; i < N; i++) { a[i] = genf(i, t.e1lo, t.e1hi); b[i] = genf(i + (i & 2), t.e2lo, t.e2hi); c[i] = genf(i, t.e2lo, t.e2hi); }
    cudaMemcpy(fa, a.data(), N * 4, cudaMemcpyHostToDevice); cudaMemcpy(fb, b.data(), N * 4, cudaMemcpyHostToDevice); cudaMemcpy(fc, c.data(), N * 4, cudaMemcpyHostToDevice);
    t.k<<<N / 256, 256>>>(fa, fb, fc, fr);
    cudaMemcpy(r.data(), fr, N * 4, cudaMemcpyDeviceToHost);
    FILE* f = fopen((std::string("gm2/") + t.nm + ".f32").c_str(), "wb");
    fwrite(a.data(), 4, N, f); fwrite(b.data(), 4, N, f); fwrite(c.data(), 4, N, f); fwrite(r.data(), 4, N, f); fclose(f);
  }
  std::vector<double> A(N), B(N), C(N), R(N);
  for (const DT& t : dt) {
    for (int i = 0; i < N; i++) { A[i] = gend(i, t.e1lo, t.e1hi); B[i] = gend(i + (i & 2), t.e2lo, t.e2hi); C[i] = gend(i, t.e2lo, t.e2hi); }
    cudaMemcpy(da, A.data(), N * 8, cudaMemcpyHostToDevice); cudaMemcpy(db, B.data(), N * 8, cudaMemcpyHostToDevice); cudaMemcpy(dc, C.data(), N * 8, cudaMemcpyHostToDevice);
    t.k<<<N / 256, 256>>>(da, db, dc, dr);
    cudaError_t e = cudaMemcpy(R.data(), dr, N * 8, cudaMemcpyDeviceToHost);
    if (e) { printf("%s: %s\n", t.nm, cudaGetErrorString(e)); return 1; }
    FILE* f = fopen((std::string("gm2/") + t.nm + ".f64").c_str(), "wb");
    fwrite(A.data(), 8, N, f); fwrite(B.data(), 8, N, f); fwrite(C.data(), 8, N, f); fwrite(R.data(), 8, N, f); fclose(f);
  }
  printf("done2\n");
  return 0;
}
