#pragma once
// Which case of a collision law was taken.
#include <string_view>

namespace verisim::collisions {

enum class Branch {
  frictionless,  // normal impulse only (seed 000, seed 002)
  stick,         // friction stops the contact point's sliding (seed 001 §E/§F step 3, seed 004 mu >= mu_e)
  slip,          // sliding during the whole impact (seed 001 §E/§F step 4, seed 004 mu <= mu_e)
  tangential_restitution,  // Garwin 1969
  separating,    // bodies not approaching along the normal: no impulse, state unchanged
};

constexpr std::string_view to_string(Branch b) {
  switch (b) {
    case Branch::frictionless: return "frictionless";
    case Branch::stick: return "stick";
    case Branch::slip: return "slip";
    case Branch::tangential_restitution: return "tangential-restitution";
    case Branch::separating: return "separating";
  }
  return "?";
}

}  // namespace verisim::collisions
