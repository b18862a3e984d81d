#pragma once
// reference_run.hpp in 50 decimal digits: Boost.Multiprecision's cpp_bin_float_50 (header-only) as the
// scalar of the reference run. Kept apart because its headers are heavy: only what runs in 50 digits
// includes it (tests/reference/reference_run_test.cpp).
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/eigen.hpp>

#include "reference/odeint/reference_run.hpp"

// Boost.Multiprecision's number names itself as its value_type, so odeint's descent down the value_type
// chain (algebra/detail/extract_value_type.hpp, Boost 1.74: the trait has_value_type, declared at global
// scope by BOOST_MPL_HAS_XXX_TRAIT_DEF) never ends: a number is told to have none, i.e. be its own.
template <class Backend, boost::multiprecision::expression_template_option ET>
struct has_value_type<boost::multiprecision::number<Backend, ET>, boost::mpl::bool_<false>> : boost::mpl::false_ {};

namespace verisim::reference::odeint {

/// 50 decimal digits, Boost.Multiprecision's binary float (header-only).
using Float50 = boost::multiprecision::cpp_bin_float_50;

}  // namespace verisim::reference::odeint
