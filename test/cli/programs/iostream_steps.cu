#include <cstdio>
#include <iostream>
int twice(int x) { printf("twice %d\n", x); return 2 * x; }
int main() {
  int a = 5;
  std::cout << "a=" << a << std::endl;
  std::cout << "b=" << twice(a) << '\n';
  printf("done\n");
  return 0;
}
