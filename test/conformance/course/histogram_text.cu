// Histograms the way a course builds them: letter counts of a text with a privatised shared
// histogram per block and a grid-stride loop, merged into global memory with atomicAdd; a
// 256-bin byte histogram over unsigned char data with fewer blocks than the data needs; and
// atomicInc wrapping a shared counter.
#include <stdio.h>
#include <string.h>

__global__ void letters(const char *text, int n, unsigned *hist)
{
    __shared__ unsigned local[27];
    for (int i = threadIdx.x; i < 27; i += blockDim.x) local[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        char c = text[i];
        int bin = 26;
        if (c >= 'a' && c <= 'z') bin = c - 'a';
        else if (c >= 'A' && c <= 'Z') bin = c - 'A';
        atomicAdd(&local[bin], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 27; i += blockDim.x)
        if (local[i] > 0) atomicAdd(&hist[i], local[i]);
}

__global__ void bytes(const unsigned char *data, int n, unsigned *hist, unsigned *wraps)
{
    __shared__ unsigned local[256];
    __shared__ unsigned ring;
    for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
    if (threadIdx.x == 0) ring = 0;
    __syncthreads();
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        atomicAdd(&local[data[i]], 1);
        atomicInc(&ring, 9);  // counts 0..9 then wraps to 0
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&hist[i], local[i]);
    if (threadIdx.x == 0) wraps[blockIdx.x] = ring;
}

int main()
{
    const char *base = "The quick brown fox jumps over the lazy dog; CUDA programs count letters, "
                       "spaces and punctuation in parallel. ";
    const int reps = 37;
    int len = (int)strlen(base);
    int n = len * reps;
    char *text = (char *)malloc(n);
    for (int r = 0; r < reps; r++) memcpy(text + r * len, base, len);
    char *dtext;
    unsigned *dhist;
    cudaMalloc(&dtext, n);
    cudaMalloc(&dhist, 27 * sizeof(unsigned));
    cudaMemcpy(dtext, text, n, cudaMemcpyHostToDevice);
    cudaMemset(dhist, 0, 27 * sizeof(unsigned));
    letters<<<5, 96>>>(dtext, n, dhist);
    unsigned h[27];
    cudaMemcpy(h, dhist, sizeof h, cudaMemcpyDeviceToHost);
    unsigned total = 0;
    for (int i = 0; i < 27; i++) {
        total += h[i];
        if (i < 26) printf("%c:%u%s", 'a' + i, h[i], i % 9 == 8 ? "\n" : " ");
    }
    printf("other:%u total:%u of %d\n", h[26], total, n);

    const int m = 100003;
    unsigned char *data = (unsigned char *)malloc(m);
    unsigned x = 12345;
    for (int i = 0; i < m; i++) {
        x = x * 1103515245u + 12345u;
        data[i] = (unsigned char)((x >> 16) % 200 + (i % 7 == 0 ? 56 : 0));
    }
    unsigned char *ddata;
    unsigned *dbh, *dwraps;
    cudaMalloc(&ddata, m);
    cudaMalloc(&dbh, 256 * sizeof(unsigned));
    cudaMalloc(&dwraps, 6 * sizeof(unsigned));
    cudaMemcpy(ddata, data, m, cudaMemcpyHostToDevice);
    cudaMemset(dbh, 0, 256 * sizeof(unsigned));
    bytes<<<6, 256>>>(ddata, m, dbh, dwraps);
    unsigned bh[256], wr[6];
    cudaMemcpy(bh, dbh, sizeof bh, cudaMemcpyDeviceToHost);
    cudaMemcpy(wr, dwraps, sizeof wr, cudaMemcpyDeviceToHost);
    unsigned long sum = 0, weighted = 0;
    int empty = 0, maxbin = 0;
    for (int i = 0; i < 256; i++) {
        sum += bh[i];
        weighted += (unsigned long)bh[i] * i;
        if (bh[i] == 0) empty++;
        if (bh[i] > bh[maxbin]) maxbin = i;
    }
    printf("bytes: sum %lu weighted %lu empty %d max bin %d (%u) bin0 %u bin199 %u bin255 %u\n", sum, weighted, empty,
           maxbin, bh[maxbin], bh[0], bh[199], bh[255]);
    for (int b = 0; b < 6; b++) printf("block %d ring %u\n", b, wr[b]);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    free(text);
    free(data);
    return 0;
}
