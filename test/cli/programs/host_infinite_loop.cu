int main()
{
    volatile int x = 0;
    while (x == 0) { }
    return 0;
}
