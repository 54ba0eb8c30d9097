#include <cstdio>

int main()
{
    int total = 0;
    printf("%d\n", totl);
    return 0;
}
