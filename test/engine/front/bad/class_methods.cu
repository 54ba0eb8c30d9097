struct Counter {
    int n;
    virtual __device__ void bump() { n++; }
};
int main() { return 0; }
