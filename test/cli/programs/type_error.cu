__global__ void k(float *a, float *b)
{
    float *c = a * b;
}

int main() { return 0; }
