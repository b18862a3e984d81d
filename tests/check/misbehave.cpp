// A program that breaks the protocol of `verisim check` (docs/check.md) in one chosen way, for the
// robustness tests (check_test.cpp): misbehave <how> [ignored placeholders…].
#include <csignal>
#include <cstdio>
#include <cstring>
#include <unistd.h>

int main(int argc, char** argv) {
  const char* how = argc > 1 ? argv[1] : "";
  if (!std::strcmp(how, "hang")) {  // never answers; a grandchild in its process group never ends either
    if (fork() == 0) pause();
    pause();
  }
  if (!std::strcmp(how, "crash")) std::raise(SIGSEGV);
  if (!std::strcmp(how, "garbage")) std::puts("hello, world");
  if (!std::strcmp(how, "nan")) std::puts("nan,nan,nan");
  if (!std::strcmp(how, "columns")) std::puts("1.5,2");
  if (!std::strcmp(how, "deep")) {  // a JSON answer nested a million levels deep
    std::fputs("{\"v1_after\": 1, \"x\": {\"y\": ", stdout);
    for (int i = 0; i < 1000000; ++i) std::fputc('[', stdout);
    std::puts("");
  }
  if (!std::strcmp(how, "status")) {
    std::fputs("misbehave: something went wrong\n", stderr);
    return 3;
  }
  // "short": prints nothing
  return 0;
}
