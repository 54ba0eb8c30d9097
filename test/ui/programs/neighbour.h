// The left neighbour of thread i in a ring of n threads: included by neighbours.cu.
__device__ int left(int i, int n)
{
    return (i + n - 1) % n;
}
