#pragma once
// The error-controlled methods: every explicit embedded pair of the integrator registry
// (integrators::kMethods rows whose table has b̂), each with its continuous extension from the table
// library where it has one (tableaus::kDenseLibrary), else Hermite's cubic. Derived, not listed: a new
// pair in the library and the registry is a new error-controlled method.
#include <string>
#include <string_view>
#include <vector>

#include "toolkit/adaptive/dense_output.hpp"
#include "toolkit/adaptive/embedded_runge_kutta.hpp"
#include "toolkit/integrators/registry.hpp"

namespace verisim::adaptive {

struct AdaptiveMethod {
  const integrators::Method* method = nullptr;  ///< the registry row (its name, table, order)
  const tableaus::DenseText* dense = nullptr;   ///< its continuous extension, or nullptr (Hermite)

  std::string_view name() const { return method->info.name; }
  const tableaus::RkTable& table() const { return *method->table; }
  int order() const { return method->table->order; }
  int embedded_order() const { return method->table->embedded_order; }
  /// q: the estimate is O(h^(q+1)).
  int error_order() const { return std::min(order(), embedded_order()); }
  /// p* of its dense output.
  int dense_order() const { return dense ? dense->order : 3; }
  template <class V>
  EmbeddedRungeKutta<V> stepper() const {
    return EmbeddedRungeKutta<V>(table(), name(), dense);
  }
};

/// Every error-controlled method, in the registry's order.
inline const std::vector<AdaptiveMethod>& adaptive_methods() {
  static const std::vector<AdaptiveMethod> list = [] {
    std::vector<AdaptiveMethod> out;
    for (const auto& m : integrators::kMethods)
      if (integrators::is_embedded_pair(m))
        out.push_back({&m, continuous_extension_text(m.info.name)});
    return out;
  }();
  return list;
}

/// The method named `name`, or nullptr.
inline const AdaptiveMethod* find_adaptive_method(std::string_view name) {
  for (const auto& m : adaptive_methods())
    if (m.name() == name) return &m;
  return nullptr;
}

}  // namespace verisim::adaptive
