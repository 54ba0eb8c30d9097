// A 2D convolution with its mask in constant memory (cudaMemcpyToSymbol of a 2D array), zero
// padding at the borders of a 21 x 13 image, a constant struct of parameters, and reading the
// mask back with cudaMemcpyFromSymbol, partly, at an offset.
#include <stdio.h>

#define MASK 5
#define W 21
#define H 13

struct Params {
    float bias;
    int clampLow, clampHigh;
};

__constant__ float mask[MASK][MASK];
__constant__ Params params;
__constant__ int rowWeights[H] = {1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1};

__global__ void conv2d(const unsigned char *in, float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float acc = 0.0f;
    for (int j = 0; j < MASK; j++) {
        for (int i = 0; i < MASK; i++) {
            int xx = x + i - MASK / 2, yy = y + j - MASK / 2;
            if (xx >= 0 && xx < w && yy >= 0 && yy < h) acc += mask[j][i] * in[yy * w + xx];
        }
    }
    acc += params.bias;
    acc = fminf(fmaxf(acc, (float)params.clampLow), (float)params.clampHigh);
    out[y * w + x] = acc * rowWeights[y];
}

int main()
{
    float hm[MASK][MASK];
    float total = 0;
    for (int j = 0; j < MASK; j++)
        for (int i = 0; i < MASK; i++) {
            hm[j][i] = (float)((MASK / 2 + 1 - abs(i - MASK / 2)) * (MASK / 2 + 1 - abs(j - MASK / 2)));
            total += hm[j][i];
        }
    for (int j = 0; j < MASK; j++)
        for (int i = 0; i < MASK; i++) hm[j][i] /= total;
    cudaMemcpyToSymbol(mask, hm, sizeof hm);
    Params p = {-3.25f, 0, 200};
    cudaMemcpyToSymbol(params, &p, sizeof p);
    unsigned char img[H * W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) img[y * W + x] = (unsigned char)((x * 37 + y * 91 + x * y) % 256);
    unsigned char *din;
    float *dout;
    cudaMalloc(&din, sizeof img);
    cudaMalloc(&dout, H * W * sizeof(float));
    cudaMemcpy(din, img, sizeof img, cudaMemcpyHostToDevice);
    dim3 block(8, 8);
    dim3 grid((W + 7) / 8, (H + 7) / 8);
    conv2d<<<grid, block>>>(din, dout, W, H);
    float out[H * W];
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    for (int y = 0; y < H; y += 3) {
        printf("y=%2d:", y);
        for (int x = 0; x < W; x += 4) printf(" %9.4f", out[y * W + x]);
        printf("\n");
    }
    double sum = 0;
    for (int i = 0; i < H * W; i++) sum += out[i];
    printf("sum %.4f\n", sum);
    float row[MASK];
    cudaMemcpyFromSymbol(row, mask, sizeof row, 2 * MASK * sizeof(float));
    printf("mask row 2:");
    for (int i = 0; i < MASK; i++) printf(" %.6f", row[i]);
    printf("\n");
    int weights[3];
    cudaError_t e = cudaMemcpyFromSymbol(weights, rowWeights, sizeof weights, 5 * sizeof(int));
    printf("weights %d %d %d (%s)\n", weights[0], weights[1], weights[2], cudaGetErrorName(e));
    e = cudaMemcpyFromSymbol(weights, rowWeights, sizeof weights, 11 * sizeof(int));
    printf("read past the symbol: %s\n", cudaGetErrorName(e));
    e = cudaMemcpyToSymbol(params, &p, sizeof p + 4);
    printf("write past the symbol: %s\n", cudaGetErrorName(e));
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
