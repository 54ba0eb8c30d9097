__global__ void k(int *a)
{
    a[threadIdx.x] = 1
}

int main() { return 0; }
