__device__ int square(int x) { return x * x; }
int main() {
    int r = square(3);
    return r;
}
