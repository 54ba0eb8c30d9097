int main() {
    Matrix m;
    return 0;
}
