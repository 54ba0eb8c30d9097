int main() {
    int a = 6, b = 7;
    a * b;
    Foo *p = 0;
    return 0;
}
