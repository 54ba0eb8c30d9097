__global__ void k(int *a) {
    if (a[0] > 0 {
        a[0] = 1;
    }
}
int main() { return 0; }
