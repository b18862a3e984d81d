// The tableau file of `verisim check tableau` (experiments/check/tableau_file.hpp): what it reads, and
// where it places each error. The expected line:column of every error is counted by hand in the text of
// the case (the TOML strings below), not taken from the reader.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "experiments/check/tableau_file.hpp"
#include "toolkit/scene/scene.hpp"

namespace verisim::check::tableau_test {

using experiments::parse_tableau;
using experiments::TableauFile;

/// The message of the error parse_tableau throws, or "" when it reads.
std::string error_of(const std::string& text) {
  try {
    parse_tableau(text, "t.toml");
  } catch (const scene::SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(TableauFile, ReadsHeunFromStringsAndNumbers) {
  const auto t = parse_tableau("order = 2\nA = [[0, 0], [\"1\", 0]]\nb = [\"1/2\", 0.5]\n", "my_heun.toml");
  EXPECT_EQ(t->name, "my_heun");
  EXPECT_EQ(t->kind, TableauFile::Kind::runge_kutta);
  EXPECT_EQ(t->table.stages, 2);
  EXPECT_EQ(t->table.a[1][0], 1.0);
  EXPECT_EQ(t->table.b[0], 0.5);
  EXPECT_EQ(t->table.b[1], 0.5);
  // c left out: A's row sums
  EXPECT_EQ(t->table.c[0], 0.0);
  EXPECT_EQ(t->table.c[1], 1.0);
  EXPECT_FALSE(t->c_given);
  // the number 0.5 is kept as a decimal text (inexact for the theory), the string as written
  EXPECT_STREQ(t->text.b[0], "1/2");
  EXPECT_STREQ(t->text.b[1], "0.5");
  EXPECT_STREQ(t->text.a[1][1], "0");
}

TEST(TableauFile, ReadsAGaussTableWithRootsAndAnEmbedding) {
  const auto t = parse_tableau(
      "name = \"g2\"\norder = 4\nsymplectic = true\n"
      "c = [\"1/2 - sqrt(3)/6\", \"1/2 + sqrt(3)/6\"]\n"
      "A = [[\"1/4\", \"1/4 - sqrt(3)/6\"], [\"1/4 + sqrt(3)/6\", \"1/4\"]]\n"
      "b = [\"1/2\", \"1/2\"]\nbhat = [1, 0]\nembedded_order = 1\n",
      "x.toml");
  EXPECT_EQ(t->name, "g2");
  EXPECT_TRUE(t->symplectic);
  EXPECT_TRUE(t->c_given);
  EXPECT_FALSE(t->table.is_explicit);
  EXPECT_NEAR(t->table.c[0], 0.5 - std::sqrt(3.0) / 6.0, 1e-16);
  EXPECT_EQ(t->table.embedded_order, 1);
}

TEST(TableauFile, ReadsASplittingMethod) {
  const auto t = parse_tableau("order = 2\nkick = [\"1/2\", \"1/2\"]\ndrift = [1, 0]\n", "vv.toml");
  EXPECT_EQ(t->kind, TableauFile::Kind::splitting);
  ASSERT_EQ(t->kick.size(), 2u);
  EXPECT_EQ(t->kick[1], 0.5);
  EXPECT_EQ(t->drift[0], 1.0);
}

TEST(TableauFile, PlacesEachErrorAtItsLineAndColumn) {
  // a coefficient's own error: inside the string, column of the string's quote + the error's column in the text
  // line 3 is `b = ["1/2", "1/0"]`: the second string's quote is column 13, its '/' is the 2nd character → 15
  EXPECT_NE(error_of("order = 2\nA = [[0, 0], [1, 0]]\nb = [\"1/2\", \"1/0\"]\n").find("t.toml:3:15: "), std::string::npos)
      << error_of("order = 2\nA = [[0, 0], [1, 0]]\nb = [\"1/2\", \"1/0\"]\n");
  // `b = ["1/2", "1/"]`: the missing operand is after the end, character 3 → column 13 + 3 = 16
  EXPECT_NE(error_of("order = 2\nA = [[0, 0], [1, 0]]\nb = [\"1/2\", \"1/\"]\n").find("t.toml:3:16: "), std::string::npos);
  // a row of the wrong length: the row `[1]` starts at column 14 of line 2
  const std::string ragged = error_of("order = 2\nA = [[0, 0], [1]]\nb = [0.5, 0.5]\n");
  EXPECT_NE(ragged.find("t.toml:2:14: "), std::string::npos) << ragged;
  EXPECT_NE(ragged.find("A is square"), std::string::npos) << ragged;
  // c not A's row sums, undeclared: placed at c[1] (line 2, `c = [0, 0.5]`: 0.5 at column 9)
  const std::string c = error_of("order = 2\nc = [0, 0.5]\nA = [[0, 0], [1, 0]]\nb = [0.5, 0.5]\n");
  EXPECT_NE(c.find("t.toml:2:9: "), std::string::npos) << c;
  EXPECT_NE(c.find("c_free"), std::string::npos) << c;
  // …and accepted when declared
  EXPECT_EQ(error_of("order = 1\nc_free = true\nc = [0, 0.5]\nA = [[0, 0], [1, 0]]\nb = [0.5, 0.5]\n"), "");
  // non-finite entries
  EXPECT_NE(error_of("order = 2\nA = [[0, 0], [nan, 0]]\nb = [0.5, 0.5]\n").find("t.toml:2:15: "), std::string::npos);
  EXPECT_NE(error_of("order = 2\nA = [[0, 0], [1, 0]]\nb = [inf, 0.5]\n").find("must be finite"), std::string::npos);
  // b's length, a typo'd key (with the valid ones listed), a missing order, a name that is verisim's
  EXPECT_NE(error_of("order = 2\nA = [[0, 0], [1, 0]]\nb = [1]\n").find("'b' has 1 entries; A has 2 stages"), std::string::npos);
  EXPECT_NE(error_of("order = 2\nA = [[0]]\nb = [1]\nbb = [1]\n").find("t.toml:4:1: tableau: unknown key 'bb'"), std::string::npos);
  EXPECT_NE(error_of("A = [[0]]\nb = [1]\n").find("missing key 'order'"), std::string::npos);
  EXPECT_NE(error_of("name = \"rk4\"\norder = 1\nA = [[0]]\nb = [1]\n").find("t.toml:1:8: "), std::string::npos);
  // kick and drift of different lengths; a Runge-Kutta key in a splitting file
  EXPECT_NE(error_of("order = 1\nkick = [1]\ndrift = [1, 0]\n").find("one of each per stage"), std::string::npos);
  EXPECT_NE(error_of("order = 1\nkick = [1]\ndrift = [1]\nb = [1]\n").find("belongs to a Runge-Kutta table"), std::string::npos);
  // more than 16 stages
  std::string big = "order = 1\nA = [";
  for (int i = 0; i < 17; ++i) big += std::string(i ? ", " : "") + "[" + std::string(16 * 3, ' ') + "]";
  EXPECT_NE(error_of(big + "]\nb = [1]\n").find("at most 16 stages"), std::string::npos);
  // a TOML syntax error keeps toml++'s place
  EXPECT_NE(error_of("order = \nA = [[0]]\n").find("t.toml:1:"), std::string::npos);
}

}  // namespace verisim::check::tableau_test
