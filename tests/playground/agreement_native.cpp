// The native half of the native/WASM agreement test (agreement.py): the final state and energy of every
// integrator a scene accepts, as the bits of each double, from the same engine the WebAssembly module runs
// (experiments/playground/playground.hpp).
#include <cstdio>
#include <exception>

#include "experiments/playground/playground.hpp"

int main(int argc, char** argv) {
  try {
    for (int i = 1; i < argc; ++i) std::fputs(verisim::playground::Playground::agreement(argv[i], {}).c_str(), stdout);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "agreement: %s\n", e.what());
    return 1;
  }
  return 0;
}
