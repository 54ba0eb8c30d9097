// Host output through <iostream> as many course programs write it: std::cout with ints, floats,
// doubles, chars, strings and bools, std::endl and '\n', std::setw/std::setprecision/std::fixed
// from <iomanip>, `using namespace std`, and std::cerr (not part of stdout).
#include <iostream>
#include <iomanip>
using namespace std;

__global__ void square(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = a[i] * a[i];
}

int main()
{
    const int n = 6;
    float h[n];
    for (int i = 0; i < n; i++) h[i] = i * 0.75f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
    square<<<1, 32>>>(d, n);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    cout << "squares:";
    for (int i = 0; i < n; i++) cout << " " << h[i];
    cout << endl;
    std::cout << "int " << 42 << " neg " << -7 << " char " << 'z' << " bool " << true << " " << boolalpha << false << '\n';
    double third = 1.0 / 3.0;
    cout << "default " << third << " big " << 123456789.0 << " small " << 1e-7 << " float " << 0.1f << endl;
    cout << fixed << setprecision(3) << "fixed " << third << " " << h[5] << endl;
    cout << "[" << setw(8) << 12 << "] [" << left << setw(6) << "ab" << "]" << endl;
    cerr << "this goes to stderr" << endl;
    cout << "error: " << cudaGetErrorString(cudaGetLastError()) << endl;
    cudaFree(d);
    return 0;
}
