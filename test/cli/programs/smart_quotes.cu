#include <stdio.h>

int main()
{
    printf(“hello été\n”);
    return 0;
}
