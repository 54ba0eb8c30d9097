// __constant__ and __device__ variables: static initialisers, cudaMemcpyToSymbol /
// cudaMemcpyFromSymbol with offsets, device code writing a __device__ variable, a kernel that
// takes the address of a __device__ array, cudaGetSymbolAddress, and persistence across launches.
#include <stdio.h>

__constant__ int cfg[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__constant__ float scale;
__device__ int counter = 100;
__device__ int table[16];
__device__ double dval = 2.5;

__global__ void use(int *out)
{
    int t = threadIdx.x;
    out[t] = cfg[t] * (int)scale + table[t];
    table[t] += t;
    if (t == 0) { counter += 1; dval *= 2; }
}

__global__ void via_pointer(int *p, int n) { int t = threadIdx.x; if (t < n) p[t] = p[t] * 10; }

int main()
{
    int h_cfg[8];
    cudaMemcpyFromSymbol(h_cfg, cfg, sizeof(h_cfg));
    printf("cfg initial:"); for (int i = 0; i < 8; i++) printf(" %d", h_cfg[i]); printf("\n");
    int patch[3] = {30, 40, 50};
    cudaError_t e1 = cudaMemcpyToSymbol(cfg, patch, sizeof(patch), 2 * sizeof(int));
    float s = 3.0f;
    cudaError_t e2 = cudaMemcpyToSymbol(scale, &s, sizeof(s));
    int ht[16];
    for (int i = 0; i < 16; i++) ht[i] = i * i;
    cudaMemcpyToSymbol(table, ht, sizeof(ht));
    int *d_out, out[8];
    cudaMalloc((void **)&d_out, sizeof(out));
    for (int launch = 0; launch < 2; launch++) {
        use<<<1, 8>>>(d_out);
        cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
        printf("launch %d out:", launch); for (int i = 0; i < 8; i++) printf(" %d", out[i]); printf("\n");
    }
    int c; double dv;
    cudaMemcpyFromSymbol(&c, counter, sizeof(int));
    cudaMemcpyFromSymbol(&dv, dval, sizeof(double));
    cudaMemcpyFromSymbol(ht, table, sizeof(ht));
    printf("counter=%d dval=%g table:", c, dv); for (int i = 0; i < 16; i++) printf(" %d", ht[i]); printf("\n");
    int *p_table = NULL;
    cudaError_t e3 = cudaGetSymbolAddress((void **)&p_table, table);
    via_pointer<<<1, 16>>>(p_table, 4);
    int part[4];
    cudaMemcpyFromSymbol(part, table, sizeof(part), 4 * sizeof(int));
    printf("table[4..7] after via_pointer (first 4 x10 only): %d %d %d %d\n", part[0], part[1], part[2], part[3]);
    cudaMemcpyFromSymbol(part, table, sizeof(part));
    printf("table[0..3]: %d %d %d %d\n", part[0], part[1], part[2], part[3]);
    cudaError_t e4 = cudaMemcpyToSymbol(cfg, patch, sizeof(patch), 7 * sizeof(int));
    printf("errors: %s %s %s, out of range offset: %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2),
           cudaGetErrorName(e3), cudaGetErrorName(e4));
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
