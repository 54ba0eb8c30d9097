int main() {
    int i = 0;
    i++;
    if (i < 3) goto done;
    return 1;
    return 0;
}
