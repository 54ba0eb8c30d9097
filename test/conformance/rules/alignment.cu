// Alignment requests as CUDA code writes them: __align__(n) on structs (the builtin vector
// types' idiom), alignas on members and variables, GCC's __attribute__((aligned(n))) before
// and after a struct body and after a declarator, aligned with no argument, and a __shared__
// float array read through float4 (a 16-byte load that needs its 16-byte alignment).
#include <stdio.h>
#include <stddef.h>

struct __align__(16) Vec3 { float x, y, z; };
struct __align__(8) Tiny { char c; };
struct Mixed { char tag; alignas(8) int n; char end; };
struct Outer { char c; Vec3 v; };
typedef struct __align__(16) { int a; } Aligned16;
struct Gnu { short s; } __attribute__((aligned(32)));
struct __attribute__((aligned)) Widest { char c; };
struct Member { char c; int x __attribute__((aligned(16))); };

__global__ void fill(Vec3 *v, Outer *o)
{
    int i = threadIdx.x;
    v[i].x = i; v[i].y = 2 * i; v[i].z = 3 * i;
    o[i].c = 'a' + i;
    o[i].v = v[i];
}

__global__ void sum4(float *out)
{
    __shared__ char pad;
    __shared__ __align__(16) float s[64];
    pad = 1;
    s[threadIdx.x] = threadIdx.x + pad;
    __syncthreads();
    if (threadIdx.x < 16) {
        float4 q = reinterpret_cast<float4 *>(s)[threadIdx.x];
        out[threadIdx.x] = q.x + q.y + q.z + q.w;
    }
}

__device__ int slot(const char *p, int a) { return (int)((unsigned long long)p % a); }

__global__ void locals(int *out)
{
    char c = 1;
    alignas(32) char buf[3];
    int x __attribute__((aligned(16))) = 5;
    buf[0] = c;
    out[0] = slot(buf, 32);
    out[1] = slot((const char *)&x, 16);
    out[2] = buf[0] + x;
}

alignas(64) static char host_buf[5];
static char after;

int main()
{
    printf("Vec3 %d %d\n", (int)sizeof(Vec3), (int)alignof(Vec3));
    printf("Tiny %d %d\n", (int)sizeof(Tiny), (int)alignof(Tiny));
    printf("Mixed %d %d n@%d end@%d\n", (int)sizeof(Mixed), (int)alignof(Mixed), (int)offsetof(Mixed, n), (int)offsetof(Mixed, end));
    printf("Outer %d %d v@%d\n", (int)sizeof(Outer), (int)alignof(Outer), (int)offsetof(Outer, v));
    printf("Aligned16 %d %d\n", (int)sizeof(Aligned16), (int)alignof(Aligned16));
    printf("Gnu %d %d\n", (int)sizeof(Gnu), (int)alignof(Gnu));
    printf("Widest %d %d\n", (int)sizeof(Widest), (int)alignof(Widest));
    printf("Member %d %d x@%d\n", (int)sizeof(Member), (int)alignof(Member), (int)offsetof(Member, x));
    Vec3 arr[3];
    printf("Vec3[3] %d, &arr[1] - &arr[0] = %d bytes\n", (int)sizeof(arr), (int)((char *)&arr[1] - (char *)&arr[0]));
    printf("host_buf %% 64 = %d\n", (int)((unsigned long long)host_buf % 64));
    after = 2;

    Vec3 *dv; Outer *dout;
    cudaMalloc(&dv, 4 * sizeof(Vec3));
    cudaMalloc(&dout, 4 * sizeof(Outer));
    fill<<<1, 4>>>(dv, dout);
    Outer ho[4];
    cudaMemcpy(ho, dout, sizeof(ho), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 4; i++) printf("%c (%.0f %.0f %.0f)\n", ho[i].c, ho[i].v.x, ho[i].v.y, ho[i].v.z);

    float *dsum; float hsum[16];
    cudaMalloc(&dsum, sizeof(hsum));
    sum4<<<1, 64>>>(dsum);
    cudaMemcpy(hsum, dsum, sizeof(hsum), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 16; i++) printf("%.0f%c", hsum[i], i == 15 ? '\n' : ' ');

    int *dl; int hl[3];
    cudaMalloc(&dl, sizeof(hl));
    locals<<<1, 1>>>(dl);
    cudaMemcpy(hl, dl, sizeof(hl), cudaMemcpyDeviceToHost);
    printf("local buf %% 32 = %d, x %% 16 = %d, sum %d\n", hl[0], hl[1], hl[2]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
