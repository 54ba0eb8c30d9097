// Structs with __host__ __device__ member functions, a constructor and operator overloading,
// the way a Mandelbrot or vector-math exercise writes a complex number type.
#include <stdio.h>

struct Complex {
    float re, im;
    __host__ __device__ Complex(float r, float i) : re(r), im(i) {}
    __host__ __device__ float norm2() const { return re * re + im * im; }
    __host__ __device__ Complex operator*(const Complex &o) const { return Complex(re * o.re - im * o.im, re * o.im + im * o.re); }
    __host__ __device__ Complex operator+(const Complex &o) const { return Complex(re + o.re, im + o.im); }
};

__device__ int mandel(float x, float y, int maxIt)
{
    Complex c(x, y), z(0.0f, 0.0f);
    int i = 0;
    while (i < maxIt && z.norm2() <= 4.0f) {
        z = z * z + c;
        i++;
    }
    return i;
}

__global__ void render(int *out, int w, int h, int maxIt)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    out[py * w + px] = mandel(-2.0f + 2.5f * px / w, -1.0f + 2.0f * py / h, maxIt);
}

int main()
{
    const int w = 48, h = 16, maxIt = 50;
    int *d, out[w * h];
    cudaMalloc(&d, sizeof(out));
    dim3 block(16, 4), grid((w + 15) / 16, (h + 3) / 4);
    render<<<grid, block>>>(d, w, h, maxIt);
    cudaMemcpy(out, d, sizeof(out), cudaMemcpyDeviceToHost);
    const char *shades = " .:-=+*#%@";
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) putchar(shades[out[y * w + x] * 9 / maxIt]);
        putchar('\n');
    }
    Complex a(1.5f, -2.0f), b(0.5f, 0.25f);
    Complex p = a * b + a;
    printf("p = %g%+gi |p|^2 = %g\n", p.re, p.im, p.norm2());
    cudaFree(d);
    return 0;
}
