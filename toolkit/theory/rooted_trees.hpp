#pragma once
// Butcher's rooted trees up to order 8 (200 trees: 1, 1, 2, 4, 9, 20, 48, 115 of orders 1 … 8; OEIS A000081),
// each with its density γ(t) and symmetry σ(t) (Hairer, Nørsett & Wanner I, §II.2, Def. 2.1, 2.10, 2.11;
// Butcher (2016) §30–§31):
//   γ(τ) = 1, γ([t₁…tₘ]) = |t|·γ(t₁)…γ(tₘ);   σ(τ) = 1, σ([t₁^k₁ … tₘ^kₘ]) = Π kᵢ!·σ(tᵢ)^kᵢ (distinct tᵢ).
// A tree is its list of children (indices of smaller trees, non-decreasing), so a tree appears once.
#include <string>
#include <vector>

namespace verisim::theory {

struct RootedTree {
  int order = 1;
  std::vector<int> children;  ///< indices into rooted_trees(), non-decreasing
  long long gamma = 1;
  long long sigma = 1;
  std::string name;           ///< τ, [τ], [τ²], [[τ]], …
};

/// Every tree of order ≤ 8, by order, then by children (each tree's children come before it).
const std::vector<RootedTree>& rooted_trees();

}  // namespace verisim::theory
