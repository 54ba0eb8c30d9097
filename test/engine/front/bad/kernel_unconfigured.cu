__global__ void k(int *p) { *p = 1; }
int main() {
    k(0);
    return 0;
}
