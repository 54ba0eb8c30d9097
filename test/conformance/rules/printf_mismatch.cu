// Device printf whose arguments do not match the format: the device packs each argument (after
// default promotions) with its own size and alignment, and the host reads what the format says,
// aligned to its size. Every read stays inside the packed bytes (an extra argument fills the
// rest): bytes past them are stale buffer contents on the GPU.
#include <cstdio>
__global__ void k(int which) {
    switch (which) {
    case 0: printf("a %d\n", 1.5f); break;
    case 1: printf("b %f\n", 3, 0); break;
    case 2: printf("c %d %d\n", 2.0, 7); break;
    case 3: printf("d %ld\n", 5, 0); break;
    case 4: printf("e %ld %d\n", 5, 6, 7); break;
    case 5: printf("f %d\n", 5000000000LL); break;
    case 6: printf("g %d %d\n", 5000000000LL, 9); break;
    case 7: printf("h %f %d\n", 7, 0, 8.5); break;
    case 8: printf("i %lld\n", -1, 0); break;
    case 9: printf("j %x %x\n", 1.0, 3); break;
    case 10: printf("k %u\n", -2); break;
    case 11: printf("l %e\n", 42, 0); break;
    case 12: printf("m %d %f %d\n", 1, 2, 3.0, 4); break;
    case 13: printf("n %ld\n", -5, 0); break;
    case 14: printf("o %f\n", 0, 1072693248); break;
    case 15: printf("p %d %s\n", 1.0, "hi"); break;
    case 16: printf("q %e %d\n", 1, 2, 3); break;
    case 17: printf("r %hd\n", 70000); break;
    case 18: printf("s %p\n", 12, 0); break;
    }
}
int main() {
    for (int w = 0; w < 19; w++) {
        k<<<1, 1>>>(w);
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess) printf("case %d: %s\n", w, cudaGetErrorString(e));
    }
    return 0;
}
