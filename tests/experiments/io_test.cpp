// experiments/io: the one reader and writer of each text format, and the escaping of a user's text
// for each output format (issue 24, classes 13, 22, 23). Expected values are the formats' own
// definitions (RFC 8259 for JSON, RFC 4180 for CSV, RFC 3629 for UTF-8, the HTML standard's script
// rules), never text this code printed before.
#include <cmath>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "experiments/check/check_output.hpp"
#include "experiments/io/csv.hpp"
#include "experiments/io/escape.hpp"
#include "experiments/io/json.hpp"
#include "experiments/io/number.hpp"
#include "experiments/io/text.hpp"
#include "experiments/report/scene_page.hpp"
#include "tests/support/files.hpp"
#include "toolkit/scene/load.hpp"

namespace verisim::experiments::test {

namespace fs = std::filesystem;
using verisim::test::slurp;

namespace {
/// A name that breaks every output format written without escaping: a quote (JS), the end of the
/// script element, a comma and a double quote (CSV), a line break (CSV, gnuplot), '&' and '<' (HTML).
const std::string kHostile = "a'b</script><script>x,\"q\"\nz&<!--";
}  // namespace

// ------------------------------------------------------------------------------------ numbers
TEST(Io_Number, CsvNumbersReadBackExactly) {
  // 17 significant digits are enough to tell any two doubles apart (IEEE 754-2008 §5.12.2); the
  // shortest form that reads back to the same double is never longer
  for (double x : {M_PI, 1.0 / 3.0, 0.1 + 0.2, 6.02214076e23, -1.602176634e-19, 5e-324, 1.7976931348623157e308}) {
    double y = 0;
    ASSERT_TRUE(parse_number(csv_number(x), y)) << csv_number(x);
    EXPECT_EQ(y, x) << csv_number(x);
    EXPECT_LE(csv_number(x).size(), 24u);
  }
  EXPECT_EQ(csv_number(kNaN), "nan");  // gnuplot's missing value
  EXPECT_EQ(csv_number(kInf), "nan");
  EXPECT_EQ(fmt_g(kNaN), "—");  // never "nan" as a result for people
  EXPECT_EQ(fmt_g(-kInf), "−∞");
  EXPECT_EQ(script_number(kNaN), "null");
}

TEST(Io_Text, FieldParserAndLineReader) {
  double x = 0;
  EXPECT_TRUE(parse_number(" +2.5\r", x));
  EXPECT_EQ(x, 2.5);
  EXPECT_FALSE(parse_number("+-1", x));
  EXPECT_FALSE(parse_number("1.5x", x));
  EXPECT_FALSE(parse_number("", x));
  EXPECT_FALSE(parse_number("1e999", x));  // outside the range of a double
  std::size_t n = 0;
  EXPECT_TRUE(parse_whole("42", n));
  EXPECT_FALSE(parse_whole("-1", n));
  Lines in(std::string_view("a\r\nb\n"), "mem.txt");
  std::string line;
  ASSERT_TRUE(in.next(line));
  EXPECT_EQ(line, "a");
  ASSERT_TRUE(in.next(line));
  EXPECT_STREQ(in.fail("bad").what(), "mem.txt:2: bad");
  EXPECT_FALSE(in.next(line));
}

// ---------------------------------------------------------------------------------------- UTF-8
TEST(Io_Text, InvalidUtf8IsNeverCopiedIntoAMessage) {
  // RFC 3629 §3-4: a lone continuation byte, an overlong '/', a surrogate, a truncated sequence
  const std::string bad = "ok \x80 \xC0\xAF \xED\xA0\x80 \xE2\x82";  // 14 bytes, no NUL inside
  const std::string s = shown(bad);
  EXPECT_EQ(valid_utf8(s), s) << "shown() must give valid UTF-8";
  EXPECT_NE(s.find("\\x80"), std::string::npos) << s;
  EXPECT_NE(s.find("\\xc0\\xaf"), std::string::npos) << s;
  EXPECT_EQ(shown("é ü\n"), "é ü\\n");  // valid UTF-8 kept, control characters visible
  EXPECT_EQ(shown("ééé", 5), "éé…");     // cut at a character boundary
  EXPECT_EQ(valid_utf8("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
  // and JSON written by verisim stays valid JSON
  EXPECT_EQ(json_quote("a\xFF"), "\"a\xEF\xBF\xBD\"");
}

TEST(Io_Check, AProgramsInvalidUtf8IsReplacedInChecksMessage) {
  try {
    (void)read_answer_lines(std::string("{\"x\": \"\xFF\xFE\"}\n"), {"x"}, [](std::size_t, const std::string&) { return 1; }, 1,
                            [](std::size_t) { return std::string("case"); }, "check", "prog");
    FAIL() << "a string where a number is expected must be refused";
  } catch (const std::exception& e) {
    const std::string m = e.what();
    EXPECT_EQ(valid_utf8(m), m) << "the message must be valid UTF-8";
    EXPECT_NE(m.find("\\xff\\xfe"), std::string::npos) << m;
  }
}

// ----------------------------------------------------------------------------------------- JSON
TEST(Io_Json, EscapesAreDecodedInKeysAndStrings) {
  // RFC 8259 §7: \u005f is '_', \u00e9 'é' (UTF-8 C3 A9), the pair \ud83d\ude00 U+1F600 (F0 9F 98 80)
  const Json j = Json::parse(R"({"v1\u005fafter": [1, 2], "s": "a\nb\t\"\\\/\u00e9\ud83d\ude00"})");
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j.members()->keys[0], "v1_after");
  EXPECT_EQ(*j.members()->values[1].text(), "a\nb\t\"\\/\xC3\xA9\xF0\x9F\x98\x80");
  const JsonRecord r = read_json_record(R"({"v1\u005fafter": [1, 2], "e": 0.5})");
  ASSERT_EQ(r.count("v1_after"), 1u);
  EXPECT_EQ(r.at("v1_after").numbers, (std::vector<double>{1, 2}));
  EXPECT_THROW((void)Json::parse(R"("\ud83d")"), std::invalid_argument);  // an unpaired surrogate
  EXPECT_THROW((void)Json::parse(R"("\q")"), std::invalid_argument);
  EXPECT_THROW((void)Json::parse(std::string(100, '[')), std::invalid_argument);  // deeper than 64
}

TEST(Io_Json, WhatTheWriterWritesTheReaderReads) {
  Json j = Json::object();
  j.str(kHostile, kHostile + "\x01 é").num("pi", M_PI).set("a", Json::numbers(std::vector<double>{0.1, 1e-300}));
  const Json back = Json::parse(j.dump(2));
  EXPECT_EQ(back.members()->keys[0], kHostile);
  EXPECT_EQ(*back.members()->values[0].text(), kHostile + "\x01 é");
  EXPECT_EQ(back.members()->values[1].number(), M_PI);
  EXPECT_EQ(back.dump(2), j.dump(2));
}

// ------------------------------------------------------------------------------------------ CSV
TEST(Io_Csv, AnyHeaderNameRoundTrips) {
  const std::vector<std::string> names{"t", kHostile + ".x", "", "\"\"", " lead", "#x", "é,ü"};
  const std::string text = "# a comment before the header\n" + csv_header(names) + csv_row({1, 2, 3, 4, 5, 6, 7}) + csv_row({0.1, kNaN, 3, 4, 5, 6, 7});
  const Csv c = parse_csv(text, "mem.csv", true);
  EXPECT_EQ(c.header, names);
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[1][0], 0.1);
  EXPECT_TRUE(std::isnan(c.rows[1][1]));
  EXPECT_THROW((void)parse_csv(text, "mem.csv", false), std::invalid_argument);  // "nan" refused unless allowed
  try {
    (void)parse_csv("t,x\n1,2\n3\n", "mem.csv");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "mem.csv:3: 1 fields where the header names 2");
  }
}

// ------------------------------------------------------------------------- escaping per format
TEST(Io_Escape, EachFormatHoldsAnyText) {
  EXPECT_EQ(html_escape("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  const std::string js = js_string(kHostile + "\xE2\x80\xA8");
  EXPECT_EQ(js.find('<'), std::string::npos) << js;  // no "</script" nor "<!--" inside the script
  EXPECT_EQ(js.find('\n'), std::string::npos);
  EXPECT_EQ(js.find("\xE2\x80\xA8"), std::string::npos);
  EXPECT_EQ(js.front(), '"');
  // the JS literal is a JSON string (\u003c is JSON too): it reads back to the name
  EXPECT_EQ(*Json::parse(js).text(), kHostile + "\xE2\x80\xA8");
  EXPECT_EQ(gnuplot_string("it's\nx"), "'it''s x'");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("\"\""), "\"\"\"\"\"\"");
  EXPECT_EQ(file_stem("../a b"), "_._a_b");
}

// ------------------------------------------------------------------------------- the scene page
TEST(Io_ScenePage, AHostileObjectNameStaysText) {
  // the loader may restrict names (issue 24.13); the page must hold for any name regardless, so the
  // name is set after loading
  scene::Scene sc = scene::parse_scene(R"(title = "two discs"
[simulation]
integrator = "verlet"
dt = 0.01
t_end = 12
law = "frictionless"
restitution = 1.0
[[object]]
type = "disc"
name = "d1"
mass = 1.0
radius = 1.0
position = [-10, 0.8]
velocity = [1, 0]
[[object]]
type = "disc"
name = "d2"
mass = 1.0
radius = 1.0
position = [0, 0]
)",
                                       "two.toml");
  sc.objects[0].name = kHostile;
  sc.objects[1].name = "it's";
  const auto run = scene::simulate(sc);
  ASSERT_FALSE(run.events.empty()) << "the discs collide at t = 8.167 s (seed 000)";
  const fs::path dir = fs::temp_directory_path() / ("verisim_io_test_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  write_scene_page(dir, sc, {run}, false);
  const std::string page = slurp(dir / "index.html");
  // the only script element is ours: exactly one "<script" and one "</script" (HTML's end tag)
  const std::regex open("<script", std::regex::icase), close("</script", std::regex::icase);
  EXPECT_EQ(std::distance(std::sregex_iterator(page.begin(), page.end(), open), std::sregex_iterator()), 1);
  EXPECT_EQ(std::distance(std::sregex_iterator(page.begin(), page.end(), close), std::sregex_iterator()), 1);
  EXPECT_EQ(page.find("<!--"), std::string::npos);
  // the names in the animation data read back as JSON strings equal to the names
  const auto at = page.find("name:");
  ASSERT_NE(at, std::string::npos);
  const auto end = page.find(",kind:", at);
  EXPECT_EQ(*Json::parse(page.substr(at + 5, end - at - 5)).text(), kHostile);
  EXPECT_NE(page.find("name:\"it's\""), std::string::npos);
  // the trajectory's header and the events' names round-trip through the CSV reader
  const Csv traj = read_csv(dir / "data" / "verlet_trajectory.csv");
  EXPECT_EQ(traj.header[0], "t");
  EXPECT_NE(std::find(traj.header.begin(), traj.header.end(), kHostile + ".x"), traj.header.end());
  EXPECT_NE(std::find(traj.header.begin(), traj.header.end(), "it's.x"), traj.header.end());
  // every gnuplot script: a title holding the name is one line, its quote doubled
  for (const auto& e : fs::directory_iterator(dir / "data"))
    if (e.path().extension() == ".gp") {
      const std::string gp = slurp(e.path());
      EXPECT_EQ(gp.find("it's"), std::string::npos) << e.path() << ": an undoubled quote";
    }
  fs::remove_all(dir);
}

}  // namespace verisim::experiments::test
