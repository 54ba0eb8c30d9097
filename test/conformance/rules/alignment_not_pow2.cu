// An alignment that is not a power of two is an error (nvcc and Warpscope both reject it).
#include <stdio.h>
struct __align__(12) Odd { int a; };
int main()
{
    printf("%d\n", (int)sizeof(Odd));
    return 0;
}
