#include <cstdio>

// Four one-lane host stores per statement: effect rows fill a chunk before statements or values
// do, so chunks end on store rows (`step` puts the first chunk's end on one).
int a[40000], b[40000], c[40000], d[40000];

int main() {
  int step = 3;
  for (int i = 0; i < 40000; i++) a[i] = b[i] = c[i] = d[i] = step * i;
  printf("%d %d\n", a[39999], d[12345]);
  return 0;
}
