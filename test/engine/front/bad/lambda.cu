int main() {
    int base = 3;
    auto add = [base](int x) { return x + base; };
    return add(1);
}
