#pragma once
// A page opened in a real browser (Debian's headless `chromium`), for the tests of the pages verisim
// writes: a scene's page (tests/scene/run_test.cpp) and the study report (tests/experiments).
// A copy of the page is written beside it (so its relative image paths resolve) with two scripts
// injected: the first, at the top of <head>, records every error event (script errors, and with
// capture the resources that fail to load) in window.__errors; the second, after the page's own
// scripts, waits for the load event and writes into the DOM a line
//   VERISIM-CHECK {"errors":[…],"broken":[…],"images":N,"time":"…","matrix":M} END
// — the images not complete or of zero natural width (missing or undecodable), the animation's time
// label (a scene's page sets it with its first frame), and the number of cells of the summary
// matrix with a verdict (td.pass, td.fail of #matrix; −1 without a matrix) — at the top of <body>
// (run_process keeps the first 64 KiB of the output; a scene page's animation data is larger).
// `chromium --dump-dom` prints the DOM once loaded. The page itself is not changed.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "experiments/support/process.hpp"

namespace verisim::test {

inline constexpr const char* kRecordErrors =
    "<script>window.__errors=[];window.addEventListener('error',function(e){var t=e.target;"
    "window.__errors.push(t&&t!==window&&t.tagName?('cannot load '+t.tagName+' '+(t.src||t.href)):"
    "(String(e.message)+' at line '+e.lineno));},true);</script>";
inline constexpr const char* kReportState =
    "<script>window.addEventListener('load',function(){var bad=[];for(var i=0;i<document.images.length;i++){"
    "var m=document.images[i];if(!(m.complete&&m.naturalWidth>0))bad.push(m.getAttribute('src'));}"
    "var mx=document.getElementById('matrix');"
    "var d=document.createElement('pre');d.textContent='VERISIM-CHECK '+JSON.stringify({errors:window.__errors,"
    "broken:bad,images:document.images.length,time:(document.getElementById('time')||{}).textContent||'',"
    "matrix:mx?mx.querySelectorAll('td.pass,td.fail').length:-1})+' END';"
    "document.body.insertBefore(d,document.body.firstChild);});</script>";

/// True when `chromium --version` runs (scripts/install-deps installs it) and VERISIM_TEST_NO_BROWSER is
/// not set. The sanitize preset sets it (CMakePresets.json): there ASan and UBSan check verisim writing
/// the pages, and the browser's view of the same pages is the release preset's test (it would only add
/// a minute of an uninstrumented chromium to CI, docs/architecture.md "Build time").
inline bool chromium_runs() {
  static const bool ok = std::getenv("VERISIM_TEST_NO_BROWSER") == nullptr &&
                         experiments::run_process({"chromium", "--version"}, {}, 60.0).ok();
  return ok;
}

/// What the browser saw of a page.
struct BrowserView {
  std::string error;  ///< why the page could not be checked ("" when it was)
  std::string state;  ///< the VERISIM-CHECK line's JSON
  std::size_t img_tags = 0;  ///< <img> elements in the page's source
};

/// Opens `page` in headless Chromium, with `profile` as its (scratch) profile folder.
inline BrowserView open_in_chromium(const std::filesystem::path& page, const std::filesystem::path& profile) {
  namespace fs = std::filesystem;
  BrowserView v;
  std::string html;
  {
    std::ifstream in(page, std::ios::binary);
    html.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const auto head = html.find("<head>"), body = html.rfind("</body>");
  if (head == std::string::npos || body == std::string::npos) {
    v.error = "no <head> or </body>";
    return v;
  }
  for (auto p = html.find("<img "); p != std::string::npos; p = html.find("<img ", p + 1)) ++v.img_tags;
  html.insert(body, kReportState);
  html.insert(head + 6, kRecordErrors);
  const fs::path copy = page.parent_path() / "browser_check.html";
  { std::ofstream(copy, std::ios::binary) << html; }
  // without a shell (run_process: posix_spawnp); coreutils' timeout kills its process group (the
  // browser and its renderer and helper processes) if it hangs. Not --single-process: Chromium does
  // not support that mode, and on a loaded 2-core CI machine it crashed on 2 of 20 pages (a signal,
  // crashpad writing its dump) with nothing wrong with them. A browser that dies (exit code other than
  // 0, or a signal) is tried again, up to 3 times: a page's own faults (script errors, broken images)
  // never end the browser, they come back in the VERISIM-CHECK line below.
  experiments::ProcessResult r;
  for (int attempt = 0; attempt < 3; ++attempt) {
    r = experiments::run_process(
        {"timeout", "-s", "KILL", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--log-level=3",
         "--no-first-run", "--user-data-dir=" + profile.string(), "--virtual-time-budget=5000", "--dump-dom",
         "file://" + fs::absolute(copy).string()},
        {}, 180.0);
    if (r.ok()) break;
  }
  fs::remove(copy);
  if (!r.ok()) {
    v.error = "chromium failed 3 times (exit " + std::to_string(r.exit_code) + ", signal " + std::to_string(r.term_signal) +
              "): " + r.errors.substr(0, 2000) + r.output.substr(0, 2000);
    return v;
  }
  const auto at = r.output.find("VERISIM-CHECK {");
  if (at == std::string::npos) {
    v.error = "the page never finished loading: " + r.output.substr(0, 2000);
    return v;
  }
  v.state = r.output.substr(at + 14, r.output.find(" END", at) - at - 14);
  return v;
}

/// The browser's verdict on `page`: empty when it loaded with no error and every image of its
/// source drawn (and, for a scene's page, `animated`, the animation's first frame drawn); else what
/// the browser saw.
inline std::string browser_check(const std::filesystem::path& page, const std::filesystem::path& profile, bool animated) {
  const BrowserView v = open_in_chromium(page, profile);
  if (!v.error.empty()) return v.error;
  const std::string& s = v.state;
  if (s.find("\"errors\":[]") == std::string::npos || s.find("\"broken\":[]") == std::string::npos ||
      s.find("\"images\":" + std::to_string(v.img_tags) + ",") == std::string::npos ||
      (animated && s.find("\"time\":\"t = ") == std::string::npos))
    return s;
  return "";
}

}  // namespace verisim::test
