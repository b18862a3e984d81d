#pragma once
// Seeded random inputs shared by the collision tests (toolkit/core/random.hpp).
#include "toolkit/core/random.hpp"

namespace verisim::collisions::test {

constexpr int kCases = 10000;  // issue 5: >= 1e4 random cases per property

using core::random_orthogonal;
using core::random_unit;
using core::random_vec;
using core::uniform;

}  // namespace verisim::collisions::test
