// Recursion in __device__ functions and local arrays indexed with run-time values: factorial,
// Fibonacci, gcd, Ackermann, mutual recursion, a recursive binary search over global memory,
// a recursive quicksort of a per-thread local array, a per-thread sieve in a local bool array,
// and a lookup table indexed by data.
#include <stdio.h>

__device__ unsigned long long factorial(int n) { return n <= 1 ? 1ull : n * factorial(n - 1); }
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
__device__ int ackermann(int m, int n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}
__device__ bool isOdd(unsigned n);
__device__ bool isEven(unsigned n) { return n == 0 ? true : isOdd(n - 1); }
__device__ bool isOdd(unsigned n) { return n == 0 ? false : isEven(n - 1); }

__device__ int bsearch(const int *a, int lo, int hi, int key)
{
    if (lo > hi) return -(lo + 1);
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key) return mid;
    return a[mid] < key ? bsearch(a, mid + 1, hi, key) : bsearch(a, lo, mid - 1, key);
}

__device__ void quicksort(int *a, int lo, int hi)
{
    if (lo >= hi) return;
    int pivot = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < pivot) i++;
        while (a[j] > pivot) j--;
        if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    quicksort(a, lo, j);
    quicksort(a, i, hi);
}

__global__ void recurse(const int *sorted, int n, int *out)
{
    int t = threadIdx.x;
    int *o = out + t * 8;
    o[0] = (int)(factorial(t + 1) % 1000000007ull);
    o[1] = fib(t % 20);
    o[2] = gcd(t * 84 + 36, 360 - t * 6);
    o[3] = t < 4 ? ackermann(2, t) : ackermann(1, t);
    o[4] = isEven(t + 3) + 2 * isOdd(t * 3 % 17);
    o[5] = bsearch(sorted, 0, n - 1, t * 5 - 3);
    o[6] = (int)(factorial(20) >> (t % 40));
    o[7] = 0;
}

__global__ void locals(int *out)
{
    int t = threadIdx.x;
    int a[24];
    unsigned x = 2463534242u + t * 977u;
    for (int i = 0; i < 24; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        a[i] = (int)(x % 1000) - 500;
    }
    quicksort(a, 0, 23);
    bool composite[100] = {false};
    int primes = 0;
    int limit = 40 + t * 2;
    for (int i = 2; i < limit; i++) {
        if (composite[i]) continue;
        primes++;
        for (int j = i * i; j < limit; j += i) composite[j] = true;
    }
    const int table[10] = {0, 1, 8, 27, 64, 125, 216, 343, 512, 729};
    int cubes = 0;
    for (int i = 0; i < 24; i++) cubes += table[(a[i] + 1000) % 10];
    int *o = out + t * 8;
    o[0] = a[0]; o[1] = a[t % 24]; o[2] = a[23]; o[3] = a[(a[0] + 1000) % 24];
    o[4] = primes; o[5] = cubes; o[6] = composite[limit - 1]; o[7] = a[11] + a[12];
}

int main()
{
    const int n = 40, threads = 24;
    int sorted[n];
    for (int i = 0; i < n; i++) sorted[i] = i * 3;
    int *ds, *dout;
    cudaMalloc(&ds, sizeof sorted);
    cudaMalloc(&dout, threads * 8 * sizeof(int));
    cudaMemcpy(ds, sorted, sizeof sorted, cudaMemcpyHostToDevice);
    recurse<<<1, threads>>>(ds, n, dout);
    int r[threads * 8];
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int t = 0; t < threads; t++) {
        int *o = r + t * 8;
        printf("t%2d fact%%p %10d fib %4d gcd %3d ack %3d parity %d bsearch %3d fact20>> %d\n", t, o[0], o[1], o[2], o[3],
               o[4], o[5], o[6]);
    }
    locals<<<1, threads>>>(dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int t = 0; t < threads; t++) {
        int *o = r + t * 8;
        printf("t%2d sorted %4d %4d %4d picked %4d primes %2d cubes %5d comp %d mid %d\n", t, o[0], o[1], o[2], o[3], o[4],
               o[5], o[6], o[7]);
    }
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
