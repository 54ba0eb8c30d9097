struct Counter {
    int n;
    __device__ void bump() { n++; }
};
int main() { return 0; }
