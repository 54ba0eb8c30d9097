__global__ void scale(float *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= factor;
}
int main() { return 0; }
