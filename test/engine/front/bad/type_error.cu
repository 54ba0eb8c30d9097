struct Point { int x, y; };
int main() {
    Point p = {1, 2};
    int n = p + 1;
    return n;
}
