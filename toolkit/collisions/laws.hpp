#pragma once
// The collision laws verisim knows, as one table of names: every user of a law's name reads it —
// scene files' `law =` (toolkit/scene/load.cpp), `verisim collide <law>` (experiments/laws/) and
// `verisim check collision --law` (experiments/check/). A law has one canonical name (that of its
// header, toolkit/collisions/<name>.hpp with '-' for '_') and aliases, accepted everywhere the law is;
// which of those users takes it is said by the user's own table (collide's evaluators, check's specs)
// and, for scenes, by `scene` below. A new law is one entry here plus its row in each user's table.
#include <array>
#include <cstddef>
#include <string_view>

namespace verisim::collisions {

/// The laws; also scene::Law (a scene's [simulation] law), which takes the entries with `scene`.
/// `coulomb` and `spinning` keep the scene's enumerator names of coulomb-spheres and spinning-spheres.
enum class Law { contact_time, frictionless, coulomb, spinning, rigid_body, ball_bounce, garwin, soft };

struct LawInfo {
  Law law;
  std::string_view name;                     ///< canonical
  std::array<std::string_view, 2> aliases;   ///< other spellings, "" for none (written out: GCC 12 rejects {} here in a constant expression)
  std::string_view source;                   ///< docs/sources.md
  std::string_view summary;                  ///< what it computes, one line
  bool scene;                                ///< a scene's [simulation] law (spheres and discs; boxes always take rigid-body)
};

inline constexpr std::array<LawInfo, 8> kLaws{{
    {Law::contact_time, "contact-time", {"", ""}, "seed 000 eqs. (1)–(5)", "time of contact of two disks or spheres in uniform motion",
     false},
    {Law::frictionless, "frictionless", {"", ""}, "seed 000 eqs. (8)–(15), A U = B",
     "frictionless collision of two disks or spheres, restitution e", true},
    {Law::coulomb, "coulomb-spheres", {"spheres", "coulomb"}, "seed 001 §E.1",
     "spheres with Coulomb friction, spin not tracked", true},
    {Law::spinning, "spinning-spheres", {"spin-spheres", "spinning"}, "seed 001 §F",
     "solid spheres with spin and Coulomb friction", true},
    {Law::rigid_body, "rigid-body", {"rigid2d", ""}, "seed 002 §4",
     "rigid bodies with inertia, frictionless impulse, restitution C_R", false},
    {Law::ball_bounce, "ball-bounce", {"ball", ""}, "seed 004",
     "ball bouncing on a plane with friction: slip or stick, switch at mu_e", true},
    {Law::garwin, "garwin", {"", ""}, "Garwin, Am. J. Phys. 37 (1969) 88",
     "ball with tangential restitution e_x on a horizontal plane", false},
    {Law::soft, "soft", {"", ""}, "seed 003",
     "soft contact (spring-dashpot, regularised friction) of the particles of toolkit/contact's World", true},
}};

/// The entry of a law (every enumerator has one).
constexpr const LawInfo& info(Law l) { return kLaws[static_cast<std::size_t>(l)]; }

/// The law a canonical name or alias names, nullptr for an unknown name (exact, case-sensitive).
constexpr const LawInfo* find_law(std::string_view name) {
  if (name.empty()) return nullptr;
  for (const auto& e : kLaws) {
    if (e.name == name) return &e;
    for (const auto& a : e.aliases)
      if (a == name) return &e;
  }
  return nullptr;
}

constexpr std::string_view to_string(Law l) { return info(l).name; }

namespace detail {
constexpr bool table_is_consistent() {
  for (std::size_t i = 0; i < kLaws.size(); ++i) {
    if (static_cast<std::size_t>(kLaws[i].law) != i) return false;  // in enum order: info() is the row
    for (std::size_t j = 0; j < kLaws.size(); ++j) {  // no name or alias names two laws
      if (find_law(kLaws[j].name) != &kLaws[j]) return false;
      for (const auto& a : kLaws[j].aliases)
        if (!a.empty() && find_law(a) != &kLaws[j]) return false;
    }
  }
  return true;
}
static_assert(table_is_consistent(), "collisions::kLaws: one row per Law, in order, every name unique");
}  // namespace detail

}  // namespace verisim::collisions
