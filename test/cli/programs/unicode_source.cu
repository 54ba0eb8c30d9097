#include <stdio.h>

// “Smart quotes” and accents pasted from slides: café, naïve.
int main()
{
    printf("héllo\n");
    for (int i = 0; i < 100000; i++) printf("line %d\n", i);
    return 0;
}
