#include <stdio.h>

struct point {
  int x;
  int y;
};

static int add(int a, int b) {
  int sum = a + b;
  return sum;
}

int main(void) {
  struct point p = {1, 2};
  printf("%d\n", add(p.x, p.y));
  return 0;
}
