#pragma once
// The error a particle world raises for bad input: a non-positive mass, radius or stiffness, a
// restitution outside (0, 1], a negative friction coefficient, a time step above the bound of
// seed 003 ("Choix du pas de temps"), a particle overlapping a wall by more than its radius at
// t = 0. The message names the particle (or wall) and the parameter; it derives from
// std::invalid_argument, which the command line maps to exit code 2 (experiments/app/main.cpp).
#include <stdexcept>
#include <string>

namespace verisim::contact {

class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace verisim::contact
