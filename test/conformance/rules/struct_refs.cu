// __device__ helpers taking references and pointers to structs: updating a particle through a
// pointer and through a reference, a struct holding an
// array and a pointer, arrays of structs in global memory, and swapping through references; a reference bound to *pointer.
#include <stdio.h>

struct Vec3 { float x, y, z; };
struct Particle { Vec3 pos; Vec3 vel; int id; float hist[3]; };
struct Stats { int count; float sum; float min, max; };

__device__ void addScaled(Vec3 &a, const Vec3 &b, float s) { a.x += b.x * s; a.y += b.y * s; a.z += b.z * s; }
__device__ float dot(const Vec3 *a, const Vec3 *b) { return a->x * b->x + a->y * b->y + a->z * b->z; }
__device__ void step(Particle *p, float dt)
{
    addScaled(p->pos, p->vel, dt);
    for (int i = 0; i < 2; i++) p->hist[i] = p->hist[i + 1];
    p->hist[2] = dot(&p->pos, &p->vel);
}
__device__ void swapInts(int &a, int &b) { int t = a; a = b; b = t; }
__device__ Vec3 *pick(Vec3 *arr, int i) { return &arr[i % 2]; }
__device__ void accumulate(Stats &s, float v)
{
    s.count++;
    s.sum += v;
    if (v < s.min) s.min = v;
    if (v > s.max) s.max = v;
}

__global__ void simulate(Particle *ps, Stats *stats, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle p = ps[i];                  // a copy, written back at the end
    Stats s = {0, 0.0f, 1e30f, -1e30f};
    for (int k = 0; k < steps; k++) {
        step(&p, 0.5f);
        accumulate(s, p.hist[2]);
    }
    Vec3 pair[2] = {p.pos, p.vel};
    Vec3 &r = *pick(pair, i);
    r.z = -r.z;
    p.pos = pair[0];
    p.vel = pair[1];
    int a = p.id, b = n - p.id;
    swapInts(a, b);
    p.id = a * 100 + b;
    ps[i] = p;
    stats[i] = s;
}

int main()
{
    const int n = 6;
    Particle h[n];
    for (int i = 0; i < n; i++) {
        h[i].pos = {i * 1.0f, -i * 0.5f, 2.0f};
        h[i].vel = {0.25f, i * 0.125f, -1.0f};
        h[i].id = i;
        for (int j = 0; j < 3; j++) h[i].hist[j] = 0.0f;
    }
    Particle *dp; Stats *ds;
    cudaMalloc(&dp, sizeof(h));
    cudaMalloc(&ds, n * sizeof(Stats));
    cudaMemcpy(dp, h, sizeof(h), cudaMemcpyHostToDevice);
    simulate<<<2, 4>>>(dp, ds, n, 5);
    Stats st[n];
    cudaMemcpy(h, dp, sizeof(h), cudaMemcpyDeviceToHost);
    cudaMemcpy(st, ds, sizeof(st), cudaMemcpyDeviceToHost);
    printf("sizeof Particle %d Stats %d\n", (int)sizeof(Particle), (int)sizeof(Stats));
    for (int i = 0; i < n; i++)
        printf("p%d id=%d pos=(%.4f,%.4f,%.4f) vel=(%.4f,%.4f,%.4f) hist=[%.4f %.4f %.4f] n=%d sum=%.4f min=%.4f max=%.4f\n",
               i, h[i].id, h[i].pos.x, h[i].pos.y, h[i].pos.z, h[i].vel.x, h[i].vel.y, h[i].vel.z,
               h[i].hist[0], h[i].hist[1], h[i].hist[2], st[i].count, st[i].sum, st[i].min, st[i].max);
    cudaFree(dp); cudaFree(ds);
    return 0;
}
