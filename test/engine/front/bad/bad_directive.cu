#if 1
int main() { return 0; }
