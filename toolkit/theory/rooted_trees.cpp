// Butcher's rooted trees up to order 8 (rooted_trees.hpp): a tree of order n is a multiset of trees whose
// orders sum to n − 1 (its subtrees after removing the root), generated once with non-decreasing indices.
#include "toolkit/theory/rooted_trees.hpp"

#include <functional>

namespace verisim::theory {

namespace {

constexpr int kMaxOrder = 8;

std::string superscript(int k) {
  static const char* digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  return k < 10 ? digits[k] : std::to_string(k);
}

std::vector<RootedTree> make_trees() {
  std::vector<RootedTree> trees;
  trees.push_back(RootedTree{1, {}, 1, 1, "τ"});
  for (int n = 2; n <= kMaxOrder; ++n) {
    const std::size_t known = trees.size();  // every tree of order < n
    std::vector<int> chosen;
    std::function<void(std::size_t, int)> pick = [&](std::size_t from, int remaining) {
      if (remaining == 0) {
        RootedTree t;
        t.order = n;
        t.children = chosen;
        t.gamma = n;
        t.name.assign(1, '[');
        for (std::size_t k = 0; k < chosen.size();) {
          std::size_t m = k;
          while (m < chosen.size() && chosen[m] == chosen[k]) ++m;
          const auto& child = trees[static_cast<std::size_t>(chosen[k])];
          const int mult = static_cast<int>(m - k);
          for (int r = 0; r < mult; ++r) {
            t.gamma *= child.gamma;
            t.sigma *= child.sigma * (r + 1);  // σ: Π kᵢ!·σ(tᵢ)^kᵢ
          }
          if (k > 0) t.name.push_back(',');
          t.name.append(child.name);
          if (mult > 1) t.name.append(superscript(mult));
          k = m;
        }
        t.name.push_back(']');
        trees.push_back(std::move(t));
        return;
      }
      for (std::size_t i = from; i < known; ++i) {
        if (trees[i].order > remaining) continue;
        chosen.push_back(static_cast<int>(i));
        pick(i, remaining - trees[i].order);
        chosen.pop_back();
      }
    };
    pick(0, n - 1);
  }
  return trees;
}

}  // namespace

const std::vector<RootedTree>& rooted_trees() {
  static const std::vector<RootedTree> trees = make_trees();
  return trees;
}

}  // namespace verisim::theory
