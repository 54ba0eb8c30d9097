// Integer corner cases on the device with values the compiler cannot see (read from memory):
// division and modulo by negative numbers, INT_MIN / -1 and INT_MIN % -1 (undefined in C; the
// GPU gives a value instead of a trap), LLONG_MIN / -1, division by zero, unsigned
// wraparound, shift counts at and past the width and negative, and narrowing conversions.
#include <stdio.h>
#include <limits.h>

__global__ void divs(const int *a, const int *b, int *q, int *r, unsigned *ur, int n)
{
    int t = threadIdx.x;
    if (t < n) { q[t] = a[t] / b[t]; r[t] = a[t] % b[t]; ur[t] = (unsigned)a[t] % (unsigned)b[t]; }
}

__global__ void divs64(const long long *a, const long long *b, long long *q, long long *r, unsigned long long *uq,
                       unsigned long long *ur, int n)
{
    int t = threadIdx.x;
    if (t < n) {
        q[t] = a[t] / b[t];
        r[t] = a[t] % b[t];
        uq[t] = (unsigned long long)a[t] / (unsigned long long)b[t];
        ur[t] = (unsigned long long)a[t] % (unsigned long long)b[t];
    }
}

__global__ void shifts(const int *s, const int *v, long long *out, int n)
{
    int t = threadIdx.x;
    if (t >= n) return;
    int c = s[t];
    int x = v[0];
    unsigned u = (unsigned)v[1];
    long long ll = (long long)v[0] * 1000000;
    unsigned long long ull = 0x8000000000000001ull;
    long long *o = out + t * 6;
    o[0] = x << c;
    o[1] = x >> c;
    o[2] = u << c;
    o[3] = u >> c;
    o[4] = ll >> c;
    o[5] = (long long)(ull << c);
}

__global__ void wraps(const int *v, int *out)
{
    unsigned u0 = (unsigned)v[3];          // 0
    unsigned umax = (unsigned)v[4];        // UINT_MAX
    unsigned char uc = (unsigned char)v[5]; // 250
    short sh = (short)v[6];                // 32767
    int big = v[7];                        // 100000
    out[0] = (int)(u0 - 1u);
    out[1] = (int)(umax + 1u);
    out[2] = (unsigned char)(uc + 10);
    out[3] = uc + 10;                      // promoted to int: no wrap
    out[4] = (short)(sh + 1);
    out[5] = (signed char)big;
    out[6] = (unsigned short)(big * 3);
    out[7] = (int)((unsigned)big * 50000u);
    out[8] = big * big;                    // signed overflow: wraps on the GPU
    out[9] = -v[8];                        // -INT_MIN
    out[10] = abs(v[8]);
    out[11] = (u0 - 1u) / 3u;
    out[12] = (int)(umax * umax);
    out[13] = (unsigned short)v[4] * 2;    // promoted to int
    out[14] = v[8] - 1;                    // INT_MIN - 1
    out[15] = (-7) / 2 + (-7) % 2 * 10 + (7 / -2) * 100;
}

int main()
{
    const int n = 14;
    int a[n] = {7, -7, 7, -7, 0, INT_MIN, INT_MIN, INT_MAX, INT_MIN, -1, 1, 13, -13, 100};
    int b[n] = {2, 2, -2, -2, -5, -1, 1, -1, INT_MIN, INT_MIN, INT_MIN, 0, 0, 7};
    int *da, *db, *dq, *dr;
    unsigned *dur;
    cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b);
    cudaMalloc(&dq, sizeof a); cudaMalloc(&dr, sizeof a); cudaMalloc(&dur, sizeof a);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    divs<<<1, 32>>>(da, db, dq, dr, dur, n);
    int q[n], r[n];
    unsigned ur[n];
    cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost);
    cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(ur, dur, sizeof ur, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) printf("%d / %d = %d, %% = %d, unsigned %% = %u\n", a[i], b[i], q[i], r[i], ur[i]);

    const int m = 8;
    long long la[m] = {LLONG_MIN, LLONG_MIN, -9, 9, LLONG_MAX, -1, 5000000000ll, -5000000000ll};
    long long lb[m] = {-1, 1, 4, -4, -2, 3, 0, 0};
    long long *dla, *dlb, *dlq, *dlr;
    unsigned long long *duq, *dlur;
    cudaMalloc(&dla, sizeof la); cudaMalloc(&dlb, sizeof lb);
    cudaMalloc(&dlq, sizeof la); cudaMalloc(&dlr, sizeof la); cudaMalloc(&duq, sizeof la); cudaMalloc(&dlur, sizeof la);
    cudaMemcpy(dla, la, sizeof la, cudaMemcpyHostToDevice);
    cudaMemcpy(dlb, lb, sizeof lb, cudaMemcpyHostToDevice);
    divs64<<<1, 32>>>(dla, dlb, dlq, dlr, duq, dlur, m);
    long long lq[m], lr[m];
    unsigned long long lu[m], lur[m];
    cudaMemcpy(lq, dlq, sizeof lq, cudaMemcpyDeviceToHost);
    cudaMemcpy(lr, dlr, sizeof lr, cudaMemcpyDeviceToHost);
    cudaMemcpy(lu, duq, sizeof lu, cudaMemcpyDeviceToHost);
    cudaMemcpy(lur, dlur, sizeof lur, cudaMemcpyDeviceToHost);
    for (int i = 0; i < m; i++)
        printf("%lld / %lld = %lld, %% = %lld, unsigned / = %llu, %% = %llu\n", la[i], lb[i], lq[i], lr[i], lu[i], lur[i]);

    const int k = 9;
    int s[k] = {0, 1, 31, 32, 33, 63, 64, 100, -1};
    int v[9] = {-12345, (int)0xF0000001u, -1, 0, (int)UINT_MAX, 250, 32767, 100000, INT_MIN};
    int *ds, *dv;
    long long *dsh;
    cudaMalloc(&ds, sizeof s); cudaMalloc(&dv, sizeof v); cudaMalloc(&dsh, k * 6 * sizeof(long long));
    cudaMemcpy(ds, s, sizeof s, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, v, sizeof v, cudaMemcpyHostToDevice);
    shifts<<<1, 32>>>(ds, dv, dsh, k);
    long long sh[k * 6];
    cudaMemcpy(sh, dsh, sizeof sh, cudaMemcpyDeviceToHost);
    for (int i = 0; i < k; i++)
        printf("shift %3d: int<< %lld int>> %lld uns<< %lld uns>> %lld ll>> %lld ull<< %llx\n", s[i], sh[i * 6],
               sh[i * 6 + 1], sh[i * 6 + 2], sh[i * 6 + 3], sh[i * 6 + 4], (unsigned long long)sh[i * 6 + 5]);

    int *dw, w[16];
    cudaMalloc(&dw, sizeof w);
    wraps<<<1, 1>>>(dv, dw);
    cudaMemcpy(w, dw, sizeof w, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 16; i++) printf("wrap[%d] = %d\n", i, w[i]);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
