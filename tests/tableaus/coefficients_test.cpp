// Every table of the library (toolkit/tableaus/library.hpp) is the table of its paper: its compiled
// doubles against the same coefficients typed here independently — 17 significant digits, generated
// from SUNDIALS ARKODE's arkode_butcher_erk.def (exact fractions; Fehlberg 4(5) with ARKODE's b and d
// swapped, since ARKODE propagates its order-5 weights) and, for the tables ARKODE does not have,
// from the papers' formulas (Hairer, Nørsett & Wanner I Tables II.1.1–1.2; Hairer & Wanner II Tables
// IV.5.2, 5.5, 5.6) — and the row sums c = A·1 the second-order form relies on.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <string_view>
#include <vector>

#include "toolkit/tableaus/library.hpp"

namespace verisim::tableaus::coefficients_test {
namespace {

struct Expected {
  std::string_view name;
  std::vector<double> c;
  std::vector<std::vector<double>> a;
  std::vector<double> b, bhat;  // bhat empty: no embedded weights
};

const Expected kHeun{"heun",
    {0.0, 1.0},
    {{0.0, 0.0},
     {1.0, 0.0}},
    {0.5, 0.5},
    {}};

const Expected kRalston{"ralston",
    {0.0, 0.66666666666666667},
    {{0.0, 0.0},
     {0.66666666666666667, 0.0}},
    {0.25, 0.75},
    {}};

const Expected kKutta3{"kutta3",
    {0.0, 0.5, 1.0},
    {{0.0, 0.0, 0.0},
     {0.5, 0.0, 0.0},
     {-1.0, 2.0, 0.0}},
    {0.16666666666666667, 0.66666666666666667, 0.16666666666666667},
    {}};

const Expected kHeun3{"heun3",
    {0.0, 0.33333333333333333, 0.66666666666666667},
    {{0.0, 0.0, 0.0},
     {0.33333333333333333, 0.0, 0.0},
     {0.0, 0.66666666666666667, 0.0}},
    {0.25, 0.0, 0.75},
    {}};

const Expected kRk38{"rk38",
    {0.0, 0.33333333333333333, 0.66666666666666667, 1.0},
    {{0.0, 0.0, 0.0, 0.0},
     {0.33333333333333333, 0.0, 0.0, 0.0},
     {-0.33333333333333333, 1.0, 0.0, 0.0},
     {1.0, -1.0, 1.0, 0.0}},
    {0.125, 0.375, 0.375, 0.125},
    {}};

const Expected kBs3{"bs3",
    {0.0, 0.5, 0.75, 1.0},
    {{0.0, 0.0, 0.0, 0.0},
     {0.5, 0.0, 0.0, 0.0},
     {0.0, 0.75, 0.0, 0.0},
     {0.22222222222222222, 0.33333333333333333, 0.44444444444444444, 0.0}},
    {0.22222222222222222, 0.33333333333333333, 0.44444444444444444, 0.0},
    {0.29166666666666667, 0.25, 0.33333333333333333, 0.125}};

const Expected kFehlberg45{"fehlberg45",
    {0.0, 0.25, 0.375, 0.92307692307692308, 1.0, 0.5},
    {{0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.25, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.09375, 0.28125, 0.0, 0.0, 0.0, 0.0},
     {0.87938097405553027, -3.2771961766044606, 3.3208921256258534, 0.0, 0.0, 0.0},
     {2.0324074074074074, -8.0, 7.1734892787524366, -0.20589668615984405, 0.0, 0.0},
     {-0.29629629629629630, 2.0, -1.3816764132553606, 0.45297270955165692, -0.275, 0.0}},
    {0.11574074074074074, 0.0, 0.54892787524366472, 0.53533138401559454, -0.2, 0.0},
    {0.11851851851851852, 0.0, 0.51898635477582846, 0.50613149034201666, -0.18, 0.036363636363636364}};

const Expected kCashKarp{"cash-karp",
    {0.0, 0.2, 0.3, 0.6, 1.0, 0.875},
    {{0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.2, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.075, 0.225, 0.0, 0.0, 0.0, 0.0},
     {0.3, -0.9, 1.2, 0.0, 0.0, 0.0},
     {-0.20370370370370370, 2.5, -2.5925925925925926, 1.2962962962962963, 0.0, 0.0},
     {0.029495804398148148, 0.341796875, 0.041594328703703704, 0.40034541377314815, 0.061767578125, 0.0}},
    {0.097883597883597884, 0.0, 0.40257648953301127, 0.21043771043771044, 0.0, 0.28910220214568041},
    {0.10217737268518519, 0.0, 0.38390790343915344, 0.24459273726851852, 0.019321986607142857, 0.25}};

const Expected kDopri5{"dopri5",
    {0.0, 0.2, 0.3, 0.8, 0.88888888888888889, 1.0, 1.0},
    {{0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.075, 0.225, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.97777777777777778, -3.7333333333333333, 3.5555555555555556, 0.0, 0.0, 0.0, 0.0},
     {2.9525986892242036, -11.595793324188386, 9.8228928516994361, -0.29080932784636488, 0.0, 0.0, 0.0},
     {2.8462752525252525, -10.757575757575758, 8.9064227177434725, 0.27840909090909091, -0.27353130360205832, 0.0, 0.0},
     {0.091145833333333333, 0.0, 0.44923629829290207, 0.65104166666666667, -0.32237617924528302, 0.13095238095238095, 0.0}},
    {0.091145833333333333, 0.0, 0.44923629829290207, 0.65104166666666667, -0.32237617924528302, 0.13095238095238095, 0.0},
    {0.089913194444444444, 0.0, 0.45348906858340821, 0.6140625, -0.27151238207547170, 0.089047619047619048, 0.025}};

const Expected kVerner65{"verner65",
    {0.0, 0.16666666666666667, 0.26666666666666667, 0.66666666666666667, 0.83333333333333333, 1.0, 0.066666666666666667, 1.0},
    {{0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.16666666666666667, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.053333333333333333, 0.21333333333333333, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.83333333333333333, -2.6666666666666667, 2.5, 0.0, 0.0, 0.0, 0.0, 0.0},
     {-2.578125, 9.1666666666666667, -6.640625, 0.88541666666666667, 0.0, 0.0, 0.0, 0.0},
     {2.4, -8.0, 6.5604575163398693, -0.30555555555555556, 0.34509803921568627, 0.0, 0.0, 0.0},
     {-0.55086666666666667, 1.6533333333333333, -0.94558823529411765, -0.324, 0.23378823529411765, 0.0, 0.0, 0.0},
     {2.0354651162790698, -6.9767441860465116, 5.6481798145614835, -0.13738156761412575, 0.28630226610361030, 0.0, 0.14417855671647380, 0.0}},
    {0.075, 0.0, 0.38992869875222816, 0.31944444444444444, 0.13503836317135550, 0.0, 0.010783298826777088, 0.069805194805194805},
    {0.08125, 0.0, 0.39689171122994652, 0.3125, 0.14117647058823529, 0.068181818181818182, 0.0, 0.0}};

const Expected kFehlberg78{"fehlberg78",
    {0.0, 0.074074074074074074, 0.11111111111111111, 0.16666666666666667, 0.41666666666666667, 0.5, 0.83333333333333333, 0.16666666666666667, 0.66666666666666667, 0.33333333333333333, 1.0, 0.0, 1.0},
    {{0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.074074074074074074, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.027777777777777778, 0.083333333333333333, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.041666666666666667, 0.0, 0.125, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.41666666666666667, 0.0, -1.5625, 1.5625, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.05, 0.0, 0.0, 0.25, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {-0.23148148148148148, 0.0, 0.0, 1.1574074074074074, -2.4074074074074074, 2.3148148148148148, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {0.10333333333333333, 0.0, 0.0, 0.0, 0.27111111111111111, -0.22222222222222222, 0.014444444444444444, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {2.0, 0.0, 0.0, -8.8333333333333333, 15.644444444444444, -11.888888888888889, 0.74444444444444444, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0},
     {-0.84259259259259259, 0.0, 0.0, 0.21296296296296296, -7.2296296296296296, 5.7592592592592593, -0.31666666666666667, 2.8333333333333333, -0.083333333333333333, 0.0, 0.0, 0.0, 0.0},
     {0.58121951219512195, 0.0, 0.0, -2.0792682926829268, 4.3863414634146341, -3.6707317073170732, 0.52024390243902439, 0.54878048780487805, 0.27439024390243902, 0.43902439024390244, 0.0, 0.0, 0.0},
     {0.014634146341463415, 0.0, 0.0, 0.0, 0.0, -0.14634146341463415, -0.014634146341463415, -0.073170731707317073, 0.073170731707317073, 0.14634146341463415, 0.0, 0.0, 0.0},
     {-0.43341463414634146, 0.0, 0.0, -2.0792682926829268, 4.3863414634146341, -3.5243902439024390, 0.53487804878048780, 0.62195121951219512, 0.20121951219512195, 0.29268292682926829, 0.0, 1.0, 0.0}},
    {0.0, 0.0, 0.0, 0.0, 0.0, 0.32380952380952381, 0.25714285714285714, 0.25714285714285714, 0.032142857142857143, 0.032142857142857143, 0.0, 0.048809523809523810, 0.048809523809523810},
    {0.048809523809523810, 0.0, 0.0, 0.0, 0.0, 0.32380952380952381, 0.25714285714285714, 0.25714285714285714, 0.032142857142857143, 0.032142857142857143, 0.048809523809523810, 0.0, 0.0}};

const Expected kGauss3{"gauss6",
    {0.11270166537925831, 0.5, 0.88729833462074169},
    {{0.13888888888888889, -0.035976667524938903, 0.0097894440153083260},
     {0.30026319498086459, 0.22222222222222222, -0.022485417203086815},
     {0.26798833376246945, 0.48042111196938335, 0.13888888888888889}},
    {0.27777777777777778, 0.44444444444444444, 0.27777777777777778},
    {}};

const Expected kRadau3{"radau3",
    {0.33333333333333333, 1.0},
    {{0.41666666666666667, -0.083333333333333333},
     {0.75, 0.25}},
    {0.75, 0.25},
    {}};

const Expected kRadau5{"radau5",
    {0.15505102572168219, 0.64494897427831781, 1.0},
    {{0.19681547722366043, -0.065535425850198388, 0.023770974348220152},
     {0.39442431473908728, 0.29207341166522846, -0.041548752125997930},
     {0.37640306270046728, 0.51248582618842161, 0.11111111111111111}},
    {0.37640306270046728, 0.51248582618842161, 0.11111111111111111},
    {}};

constexpr double kEps = std::numeric_limits<double>::epsilon();

/// Within 2 ulps: the typed 17 digits are within ½ ulp of the exact value once read, the compiled
/// value within 1 ulp (long double arithmetic rounded once, coefficient.hpp); ulp(x) ≤ ε|x|. A zero is
/// exactly zero.
bool close(double compiled, double expected) {
  if (expected == 0.0) return compiled == 0.0;
  return std::abs(compiled - expected) <= 2.0 * kEps * std::abs(expected);
}

void expect_table(const Expected& e, const RkTable& t) {
  const auto s = e.c.size();
  ASSERT_EQ(static_cast<std::size_t>(t.stages), s) << e.name;
  for (std::size_t i = 0; i < kMaxStages; ++i) {
    const bool in = i < s;
    EXPECT_TRUE(close(t.c[i], in ? e.c[i] : 0.0)) << e.name << " c[" << i << "] = " << t.c[i];
    EXPECT_TRUE(close(t.b[i], in ? e.b[i] : 0.0)) << e.name << " b[" << i << "] = " << t.b[i];
    EXPECT_TRUE(close(t.bhat[i], in && !e.bhat.empty() ? e.bhat[i] : 0.0)) << e.name << " bhat[" << i << "]";
    for (std::size_t j = 0; j < kMaxStages; ++j)
      EXPECT_TRUE(close(t.a[i][j], in && j < s ? e.a[i][j] : 0.0))
          << e.name << " a[" << i << "][" << j << "] = " << t.a[i][j];
  }
}

TEST(Tableaus_Library, EveryNewTableIsItsPapersCoefficients) {
  const std::pair<const Expected*, const RkTable*> tables[] = {
      {&kHeun, &tableaus::kHeun},           {&kRalston, &tableaus::kRalston},   {&kKutta3, &tableaus::kKutta3},
      {&kHeun3, &tableaus::kHeun3},         {&kRk38, &tableaus::kRk38},         {&kBs3, &tableaus::kBs3},
      {&kFehlberg45, &tableaus::kFehlberg45}, {&kCashKarp, &tableaus::kCashKarp}, {&kDopri5, &tableaus::kDopri5},
      {&kVerner65, &tableaus::kVerner65},   {&kFehlberg78, &tableaus::kFehlberg78}, {&kGauss3, &tableaus::kGauss3},
      {&kRadau3, &tableaus::kRadauIIA2},    {&kRadau5, &tableaus::kRadauIIA3}};
  for (const auto& [e, t] : tables) {
    expect_table(*e, *t);
    // the table is the library's entry of that name, and its declared orders are the paper's
    const RkText* text = nullptr;
    for (const RkText* x : kRkLibrary)
      if (x->name == e->name) text = x;
    ASSERT_NE(text, nullptr) << e->name << " is not in kRkLibrary";
    EXPECT_EQ(text->stages, t->stages) << e->name;
    EXPECT_EQ(text->embedded_order == 0, e->bhat.empty()) << e->name;
  }
}

TEST(Tableaus_Library, DeclaredOrdersAreThePapers) {
  // (order of b, order of b̂): b is propagated (library.hpp says which paper chose what)
  EXPECT_EQ(kHeunText.order, 2);
  EXPECT_EQ(kRalstonText.order, 2);
  EXPECT_EQ(kKutta3Text.order, 3);
  EXPECT_EQ(kHeun3Text.order, 3);
  EXPECT_EQ(kRk38Text.order, 4);
  EXPECT_EQ(kBs3Text.order, 3);
  EXPECT_EQ(kBs3Text.embedded_order, 2);
  EXPECT_EQ(kFehlberg45Text.order, 4);
  EXPECT_EQ(kFehlberg45Text.embedded_order, 5);
  EXPECT_EQ(kCashKarpText.order, 5);
  EXPECT_EQ(kCashKarpText.embedded_order, 4);
  EXPECT_EQ(kDopri5Text.order, 5);
  EXPECT_EQ(kDopri5Text.embedded_order, 4);
  EXPECT_EQ(kVerner65Text.order, 6);
  EXPECT_EQ(kVerner65Text.embedded_order, 5);
  EXPECT_EQ(kFehlberg78Text.order, 8);
  EXPECT_EQ(kFehlberg78Text.embedded_order, 7);
  EXPECT_EQ(kGauss3Text.order, 6);
  EXPECT_EQ(kRadauIIA2Text.order, 3);
  EXPECT_EQ(kRadauIIA3Text.order, 5);
}

TEST(Tableaus_Library, EveryTableHasRowSumsCAndWeightsSummingToOne) {
  for (const RkText* text : kRkLibrary) {
    TableError err;
    const RkTable t = compile(*text, &err);
    ASSERT_TRUE(err.ok) << text->name << ": " << err.entry_kind << " " << err.message;
    const auto s = static_cast<std::size_t>(t.stages);
    for (std::size_t i = 0; i < s; ++i) {
      // Σⱼ aᵢⱼ of s rounded entries (each within ε|aᵢⱼ|), summed with s − 1 roundings (Higham (2002)
      // §4.2): within s·ε·(Σ|aᵢⱼ| + |cᵢ|) of cᵢ when the exact row sums to cᵢ
      double sum = 0.0, mag = std::abs(t.c[i]);
      for (std::size_t j = 0; j < s; ++j) sum += t.a[i][j], mag += std::abs(t.a[i][j]);
      EXPECT_LE(std::abs(sum - t.c[i]), static_cast<double>(s) * kEps * mag) << text->name << " row " << i;
    }
    for (const auto* w : {&t.b, &t.bhat}) {
      if (w == &t.bhat && t.embedded_order == 0) continue;
      double sum = 0.0, mag = 0.0;
      for (std::size_t j = 0; j < s; ++j) sum += (*w)[j], mag += std::abs((*w)[j]);
      EXPECT_LE(std::abs(sum - 1.0), static_cast<double>(s) * kEps * mag) << text->name;  // order ≥ 1
    }
    EXPECT_EQ(t.is_explicit, text->name.find("gauss") == std::string_view::npos &&
                                 text->name.find("radau") == std::string_view::npos)
        << text->name;
  }
}

TEST(Tableaus_Library, RadauIIAIsStifflyAccurateAndGaussSymplectic) {
  // Radau IIA: b is A's last row (the same text, so the same doubles) and c_s = 1 (Hairer & Wanner II §IV.5)
  for (const RkTable* t : {&kRadauIIA2, &kRadauIIA3}) {
    const auto s = static_cast<std::size_t>(t->stages);
    EXPECT_EQ(t->c[s - 1], 1.0);
    for (std::size_t j = 0; j < s; ++j) EXPECT_EQ(t->b[j], t->a[s - 1][j]);
  }
  // Gauss: bᵢaᵢⱼ + bⱼaⱼᵢ − bᵢbⱼ = 0 (GNI Thm VI.4.3), up to the rounding of the entries (≈ 3 roundings
  // of products below 1: 4ε)
  for (const RkTable* t : {&tableaus::kGauss1, &tableaus::kGauss2, &tableaus::kGauss3}) {
    const auto s = static_cast<std::size_t>(t->stages);
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j)
        EXPECT_LE(std::abs(t->b[i] * t->a[i][j] + t->b[j] * t->a[j][i] - t->b[i] * t->b[j]), 4.0 * kEps);
  }
}

}  // namespace
}  // namespace verisim::tableaus::coefficients_test
