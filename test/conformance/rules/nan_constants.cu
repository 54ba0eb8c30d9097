// NaN signs of constant expressions: the host compiler folds 0.0/0.0 to x86's negative default
// NaN ("-nan"), and negating it gives "nan"; in device code nvcc's folding gives the other signs
// below. Runtime NaNs are in nan_printing.cu.
#include <stdio.h>
#include <math.h>

__global__ void k(double vz)
{
    printf("dev %f %f %f %f %f\n", 0.0 / 0.0, 0.0f / 0.0f, -(0.0 / 0.0), INFINITY - INFINITY, vz / vz);
}

int main()
{
    double z = 0.0;
    volatile double vz = 0.0;
    float fz = 0.0f;
    printf("host %f %f %f %f\n", 0.0 / 0.0, 0.0f / 0.0f, -(0.0 / 0.0), INFINITY - INFINITY);
    printf("a %f %f %f %f\n", 0.0 / 0.0, z / z, vz / vz, 0.0f / 0.0f);
    printf("b %f %f %f %f\n", NAN, -NAN, (double)NAN, sqrt(-1.0));
    printf("c %f %f %f\n", INFINITY - INFINITY, fz / fz, sqrtf(-1.0f));
    double n1 = vz / vz;
    printf("d %f %f %f\n", -n1, n1 * 2.0, fabs(n1));
    printf("e %f %f %f %lld\n", -(1.0 - 3.0), -(1.0 / 0.0), -(0.0 * -1.0), -(5LL - 9LL));
    fflush(stdout);
    k<<<1, 1>>>(0.0);
    cudaDeviceSynchronize();
    return 0;
}
