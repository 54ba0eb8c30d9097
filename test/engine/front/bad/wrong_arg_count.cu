__device__ float mix(float a, float b, float t) { return a + (b - a) * t; }
__global__ void k(float *o) {
    o[0] = mix(1.0f, 2.0f);
}
int main() { return 0; }
