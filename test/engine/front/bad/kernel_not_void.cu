__global__ int k() { return 1; }
int main() { return 0; }
