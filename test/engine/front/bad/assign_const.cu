int main() {
    const int limit = 10;
    limit = 20;
    return limit;
}
