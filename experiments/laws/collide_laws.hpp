#pragma once
// The collision laws of toolkit/collisions/ as one table, for `verisim collide` and `verisim check collision`:
// evaluating one law on checked numbers, so a student can check a hand calculation.
//
// The laws are a table (`collide_laws()`), as toolkit/integrators/registry.hpp is for the
// integrators: one row per law of toolkit/collisions/laws.hpp that collide evaluates (its name,
// aliases, source and summary come from there), with the options it takes (unit, range, default)
// and the function evaluating it. The table makes the CLI11 subcommands and their --help; every value goes
// through one parser (`parse_numbers`); every result is one Json value (experiments/io/json.hpp)
// printed either as JSON or as aligned text built from that same value.
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <Eigen/Core>

#include "experiments/io/json.hpp"
#include "toolkit/collisions/laws.hpp"
#include "toolkit/core/vec.hpp"

namespace verisim::experiments {

/// How many numbers an option takes. `vector`: the law's dimension N (2 or 3); `spin`: an angular
/// velocity, 1 number in 2D, 3 in 3D; `inertia`: 1 number in 2D; 1 (isotropic), 3 (diagonal) or 9
/// (row-major tensor) in 3D.
enum class ValueShape { scalar, vector, spin, inertia };

/// Accepted values of every component: lo <= x <= hi (or < when open), finite unless `infinite_ok`
/// (then +inf is accepted too: an infinite mass or inertia).
struct Range {
  double lo = -std::numeric_limits<double>::max();
  double hi = std::numeric_limits<double>::max();
  bool lo_open = false;
  bool hi_open = false;
  bool infinite_ok = false;
  bool nonzero = false;  ///< a vector that must not be the zero vector (a normal)
};

struct CollideOption {
  std::string_view name;     ///< "--m1"
  std::string_view meaning;  ///< "mass of body 1"
  std::string_view unit;     ///< "kg", "m/s", "" when dimensionless
  ValueShape shape = ValueShape::scalar;
  Range range{};
  std::optional<double> fallback{};  ///< value when absent (then the option is optional)
  std::string_view when{};  ///< non-empty: required only in that case, checked by the law (e.g. "unless --m2 inf")
};

/// The checked values of one invocation.
class CollideValues {
 public:
  int dim = 0;  ///< 2 or 3 for laws on vectors, 0 for scalar laws
  bool given(std::string_view name) const { return values_.find(name) != values_.end(); }
  /// A scalar option's value, or its fallback when absent.
  double scalar(std::string_view name) const;
  /// All numbers given for an option, as parsed.
  const std::vector<double>& numbers(std::string_view name) const;
  template <int N>
  core::Vec<N> vec(std::string_view name) const {
    const auto& v = numbers(name);
    return Eigen::Map<const core::Vec<N>>(v.data());
  }
  /// An inertia option in 3D: the tensor (1, 3 or 9 numbers; +inf: infinite_inertia()).
  Eigen::Matrix3d tensor(std::string_view name) const;

  void set(std::string name, std::vector<double> v, std::optional<double> fallback);

 private:
  std::map<std::string, std::vector<double>, std::less<>> values_;
  std::map<std::string, double, std::less<>> fallbacks_;
};

struct CollideLaw {
  collisions::Law law;       ///< its row of toolkit/collisions/laws.hpp, which gives the three below
  std::string_view name;     ///< canonical, = toolkit/collisions/<name>.hpp with '-' for '_'
  std::string_view source;   ///< "seed 000 eqs. (8)–(15)"
  std::string_view summary;  ///< what it computes, one line
  std::string_view conventions;  ///< frames, normals, signs; ends the law's --help
  std::vector<int> dims;     ///< {2, 3} or {3}: the number of components of ValueShape::vector options; {} for none
  std::vector<CollideOption> options;
  /// The law on checked values, appending its results to `out` (which holds "law" and "source");
  /// throws CLI::ValidationError naming an option for a combination the table cannot express.
  void (*evaluate)(const CollideValues&, Json& out);
};

/// The laws, in a fixed order.
std::span<const CollideLaw> collide_laws();
/// The law a name or alias of toolkit/collisions/laws.hpp names; nullptr when unknown or not evaluated here.
const CollideLaw* find_collide_law(std::string_view name);
const CollideLaw* find_collide_law(collisions::Law law);
/// "contact-time, frictionless, coulomb-spheres (spheres, coulomb), …": the laws with their aliases, for messages.
std::string collide_law_names();

/// The one number parser of `verisim collide`: each argument is split at commas ("1,0" or "1 0"
/// as two arguments); every item must be one whole decimal number (a leading '+' and surrounding
/// blanks allowed, "inf" allowed, NaN not): an empty item, a non-number, trailing characters or a
/// value outside double's range throws CLI::ValidationError naming `option`.
std::vector<double> parse_numbers(std::string_view option, const std::vector<std::string>& args);

/// One law on the raw strings of its options (as the command line gives them): every value
/// checked (count, range) with a message naming its option, the law evaluated, and a result with
/// a non-finite number refused. Throws CLI::ValidationError (bad option), CLI::RequiredError (a
/// missing option; both are CLI::ParseError) or std::invalid_argument
/// (a result that overflows, naming the quantity); both are exit code 2 at the command line.
Json evaluate_collide(const CollideLaw& law, const std::map<std::string, std::vector<std::string>>& raw);

/// The text form of a result: one "key  value" line per member, strings unquoted, numbers and
/// vectors written as in the JSON form.
std::string collide_text(const Json& result);

/// One option's --help line (meaning, unit, components, range, default) and its CLI11 type name.
std::string help_of(const CollideLaw& law, const CollideOption& o);
std::string type_of(const CollideLaw& law, const CollideOption& o);

}  // namespace verisim::experiments
