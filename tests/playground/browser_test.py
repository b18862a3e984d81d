#!/usr/bin/env python3
"""The playground page in headless Chromium, driven through Selenium (python3-selenium, chromium-driver; Debian's
packages, scripts/install-deps) — docs/playground.md.

The checks, as a student would use the page (real controls: the scene picker, the integrators' checkboxes, the Δt
slider moved with the keyboard, the TOML box and its button):
  1. the spring scene (the harmonic oscillator) with explicit Euler: the plotted energy error grows, and follows the
     theory (1 + θ²)ⁿ − 1 drawn beside it (the page's numbers: window.verisimPlayground.runs[i].data);
  2. Euler and Verlet side by side: Verlet's error stays inside the band of its modified energy, θ²/4 (GNI §I.5.1),
     at the end of the run as at its start, while Euler's grows;
  3. Δt moved past Verlet's stability limit (θ = ωΔt > 2): the blow-up is reported, by name, in the status line;
  4. the TOML edited to a malformed value: the error line names the line (and column) of the loader's message;
  5. no script error (error events and the browser's console, level SEVERE) at any point, no horizontal
     scrolling at 375 px (a phone), and no resource loaded from a network (offline);
  6. the frame rate while playing the largest bundled scene (most objects), printed for docs/playground.md.
--planted: the same checks on deliberately broken copies of the page (a script error, the blow-up not reported, the
error line without its line, Verlet's error drifting): each must make the checks fail; the test fails otherwise.
--screenshot PATH: Euler and Verlet on the spring at θ = 0.25, played to the end, saved as PNG (README.md).
Exit 77 (skipped) when the page has not been built (the wasm preset) or chromium/chromedriver/selenium are missing."""
import argparse
import os
import re
import shutil
import sys
import tempfile
import time

SKIP = 77


class CheckFailed(Exception):
    pass


def need(cond, what):
    if not cond:
        raise CheckFailed(what)


RECORD_ERRORS = """
window.__errors = [];
window.addEventListener('error', function (e) { window.__errors.push(String(e.message) + ' at ' + e.lineno); }, true);
window.addEventListener('unhandledrejection', function (e) { window.__errors.push('unhandled rejection: ' + e.reason); });
"""


def open_browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1500"):
        opts.add_argument(a)
    opts.binary_location = shutil.which("chromium")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_ERRORS})
    return driver


def wait_for(driver, script, timeout, what):
    end = time.time() + timeout
    while time.time() < end:
        v = driver.execute_script(script)
        if v:
            return v
        time.sleep(0.1)
    raise CheckFailed(f"timed out after {timeout} s waiting for {what}")


def script_errors(driver):
    errs = list(driver.execute_script("return window.__errors || []"))
    errs += [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    return errs


def runs_after(driver, count, timeout=60):
    wait_for(driver, f"return window.verisimPlayground.runCount > {count}", timeout, "the page to run again")
    return driver.execute_script("return window.verisimPlayground.runCount")


def set_methods(driver, names):
    from selenium.webdriver.common.by import By
    count = driver.execute_script("return window.verisimPlayground.runCount")
    for box in driver.find_elements(By.CSS_SELECTOR, "#methods input[type=checkbox]"):
        want = box.get_attribute("value") in names
        if box.is_selected() != want:
            box.click()
            count = runs_after(driver, count)
    return count


def run_named(driver, name):
    return driver.execute_script(
        "var name = arguments[0]; return window.verisimPlayground.runs.filter(function (r) { return r.name === name; })[0] || null",
        name)


def check_page(driver, page, measure_fps=True):
    """Raises CheckFailed at the first failed check; returns the measurements."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
    driver.get("file://" + os.path.abspath(page))
    wait_for(driver, "return window.verisimPlayground && window.verisimPlayground.ready", 120, "the module to load")
    out = {}
    # 1. the spring, explicit Euler alone
    count = driver.execute_script("return window.verisimPlayground.runCount")
    Select(driver.find_element(By.ID, "scene")).select_by_value("spring")
    count = runs_after(driver, count) if driver.execute_script("return window.verisimPlayground.info.name") != "spring" or count == 0 else count
    need(driver.execute_script("return window.verisimPlayground.info.kind") == "oscillator", "spring.toml is the oscillator")
    count = set_methods(driver, {"euler"})
    euler = run_named(driver, "euler")
    need(euler and not euler.get("error"), f"euler ran: {euler and euler.get('error')}")
    err, theory = euler["data"]["error"], euler["data"].get("theory")
    need(theory is not None, "the theory curve (1 + θ²)ⁿ − 1 is plotted beside Euler's error")
    n = len(err)
    need(err[-1] > 0 and err[-1] > 5 * err[n // 10] > 0, f"Euler's energy error grows: {err[n // 10]:.3g} at 10 %, {err[-1]:.3g} at the end")
    # the oscillator's energy after n Euler steps is exactly H₀(1 + θ²)ⁿ; rounding of E (about 10 J, 1e-15 relative)
    # against an error of ≥ 1e-5 of H₀ leaves 1e-8 relative: 1e-6 is generous and still fails any wrong exponent
    for k in (n // 10, n // 2, n - 1):
        need(abs(err[k] - theory[k]) <= 1e-6 * abs(theory[k]) + 1e-12,
             f"Euler's error {err[k]:.10g} equals the theory {theory[k]:.10g} at sample {k}")
    out["euler_error_end"] = err[-1]
    # 2. Euler and Verlet side by side
    count = set_methods(driver, {"euler", "verlet"})
    verlet, euler = run_named(driver, "verlet"), run_named(driver, "euler")
    need(verlet and euler and not verlet.get("error"), "verlet and euler ran side by side")
    need(len(driver.find_elements(By.CSS_SELECTOR, "#views canvas")) == 2, "two runs drawn side by side")
    band = verlet["data"].get("band")
    need(band is not None, "Verlet's modified-energy band is plotted")
    bound = max(abs(band[0]), abs(band[1]))
    theta = driver.execute_script("return window.verisimPlayground.info.omega * window.verisimPlayground.dt")
    # GNI §I.5.1: |H − H₀|/H₀ ≤ θ²/4 (the band the engine computes must be it, to 1e-9 of itself)
    need(abs(bound - theta * theta / 4) <= 1e-9 * bound, f"the band {bound:.6g} is θ²/4 = {theta * theta / 4:.6g}")
    verr = verlet["data"]["error"]
    # inside the band up to the rounding of E (≈ 1e-15 relative to 10 J, summed over the run: 1e-12 absolute)
    need(max(abs(e) for e in verr) <= bound * (1 + 1e-6) + 1e-12, f"Verlet's error stays in the band ±{bound:.3g}")
    half = len(verr) // 2
    need(max(abs(e) for e in verr[half:]) <= 2 * max(abs(e) for e in verr[:half]) + 1e-12, "Verlet's error does not grow")
    need(euler["data"]["error"][-1] > 100 * max(abs(e) for e in verr), "Euler's error is far above Verlet's")
    out["verlet_max_error"] = max(abs(e) for e in verr)
    # 3. Δt past Verlet's stability limit, with the keyboard (End: the slider's largest Δt, twice the largest limit)
    slider = driver.find_element(By.ID, "dt")
    slider.send_keys(Keys.END)
    count = runs_after(driver, count)
    st = driver.execute_script("return window.verisimPlayground")
    limit = [m for m in st["info"]["methods"] if m["name"] == "verlet"][0]["dt_max"]
    need(st["dt"] > limit, f"Δt {st['dt']} is past Verlet's limit {limit}")
    need("verlet" in st["blowups"], f"the page reports Verlet's blow-up (blow-ups: {st['blowups']})")
    v = [r for r in st["runs"] if r["name"] == "verlet"][0]
    need(v.get("error") or (v["data"]["blowup_t"] is not None and v["data"]["max_error"] > 100),
         f"Verlet's run did blow up (max |ΔE|/E = {v.get('data', {}).get('max_error')})")
    status = driver.find_element(By.ID, "status").text
    need("BLOW-UP" in status and "verlet" in status, f"the status line reports the blow-up: {status!r}")
    need("PAST THE LIMIT" in driver.find_element(By.ID, "dt-limits").text, "the Δt slider's limit is marked as passed")
    out["blowup_status"] = status.splitlines()[0] if status else ""
    # 4. a malformed value in the TOML: the error names its line
    box = driver.find_element(By.ID, "toml")
    text = box.get_attribute("value")
    need("k = 4.0" in text, "the spring's TOML has k = 4.0")
    bad = text.replace("k = 4.0", "k = 4..0")
    line = bad.split("\n").index(next(l for l in bad.split("\n") if "4..0" in l)) + 1
    driver.execute_script("arguments[0].value = arguments[1];", box, bad)
    driver.find_element(By.ID, "apply").click()
    shown = wait_for(driver, "return document.getElementById('toml-error').textContent", 10, "the TOML error")
    need(f"line {line}" in shown, f"the error names line {line}: {shown!r}")
    need(f":{line}:" in driver.execute_script("return window.verisimPlayground.error"), "the loader's message has file:line:column")
    out["toml_error"] = shown
    # readable on a phone: at 375 px the page needs no horizontal scrolling
    driver.set_window_size(375, 900)
    time.sleep(0.3)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    need(width <= 375, f"no horizontal scrolling at 375 px (the page is {width} px wide)")
    driver.set_window_size(1200, 1500)
    # offline: every resource the page loaded is the file itself or inline (file:, data:, blob:), none from a network
    urls = driver.execute_script("return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    need(all(u.split(":", 1)[0] in ("file", "data", "blob") for u in urls), f"no network resource: {urls}")
    # 5. no script error so far
    errs = script_errors(driver)
    need(not errs, f"no script error: {errs}")
    # 6. the frame rate of the largest bundled scene
    if measure_fps:
        Select(driver.find_element(By.ID, "scene")).select_by_value(LARGEST)
        wait_for(driver, f"return window.verisimPlayground.info.name === '{LARGEST}' && window.verisimPlayground.runs.length > 0", 300,
                 f"{LARGEST} to run")
        st = driver.execute_script("return window.verisimPlayground")
        run_ms = sum(r.get("ms", 0) for r in st["runs"])
        driver.find_element(By.ID, "play").click()
        time.sleep(3.5)
        fps = driver.execute_script("return window.verisimPlayground.fps")
        out["largest"] = f"{LARGEST} ({st['info']['objects']} objects): run {run_ms:.0f} ms in WebAssembly, {fps:.1f} frames/s"
        need(fps > 1, f"the largest scene plays ({fps:.1f} frames/s)")
        errs = script_errors(driver)
        need(not errs, f"no script error: {errs}")
    return out


LARGEST = "coulomb_cloud"  # the bundled scene with the most objects, 512 (checked by PlaygroundModule.Node)

PLANTED = [
    ("a script error", "state.ready = true;", "state.ready = true; setTimeout(function () { null.planted(); }, 0);"),
    ("the blow-up not reported", "state.blowups.push(r.name);", ""),
    ("the error line without its line", "(r.line ? 'line ' + r.line", "(false ? 'line ' + r.line"),
    ("Verlet's plotted error drifting", "var i = r.info; i.anim = r.anim;",
     "var i = r.info; i.anim = r.anim; if (i.name === 'verlet' && i.data) i.data.error = i.data.error.map(function (e, k) { return e + 1e-4 * k; });"),
]


def screenshot(driver, page, path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    driver.get("file://" + os.path.abspath(page))
    wait_for(driver, "return window.verisimPlayground && window.verisimPlayground.ready", 120, "the module")
    Select(driver.find_element(By.ID, "scene")).select_by_value("spring")
    time.sleep(0.5)
    count = set_methods(driver, {"euler", "verlet"})
    # θ = 0.25: Δt = 0.125 s for ω = 2
    driver.execute_script("var s = document.getElementById('dt'); s.value = window.verisimPlayground.sliderOf(0.125);"
                          "s.dispatchEvent(new Event('input'));")
    runs_after(driver, count)
    driver.find_element(By.ID, "play").click()
    time.sleep(2.5)
    driver.find_element(By.ID, "play").click()  # pause
    driver.set_window_size(1200, 2150)
    driver.save_screenshot(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--page", required=True)
    ap.add_argument("--planted", action="store_true")
    ap.add_argument("--screenshot")
    a = ap.parse_args()
    if not os.path.exists(a.page):
        print(f"SKIP: the playground page {a.page} is not built: cmake --preset wasm && cmake --build --preset wasm")
        return SKIP
    if os.environ.get("VERISIM_TEST_NO_BROWSER"):
        print("SKIP: VERISIM_TEST_NO_BROWSER is set")
        return SKIP
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("SKIP: python3-selenium is not installed (scripts/install-deps)")
        return SKIP
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        print("SKIP: chromium or chromedriver is missing (scripts/install-deps: chromium, chromium-driver)")
        return SKIP
    driver = open_browser()
    try:
        if a.screenshot:
            screenshot(driver, a.page, a.screenshot)
            print("screenshot:", a.screenshot)
            return 0
        if not a.planted:
            t0 = time.time()
            out = check_page(driver, a.page)
            for k, v in out.items():
                print(f"{k}: {v}")
            print(f"page checks passed in {time.time() - t0:.1f} s")
            return 0
        text = open(a.page, encoding="utf-8").read()
        caught = 0
        with tempfile.TemporaryDirectory() as tmp:
            for what, old, new in PLANTED:
                if text.count(old) != 1:
                    print(f"FAIL: cannot plant {what}: {old!r} is not once in the page")
                    return 1
                broken = os.path.join(tmp, "broken.html")
                with open(broken, "w", encoding="utf-8") as f:
                    f.write(text.replace(old, new))
                driver.quit()
                driver = open_browser()
                try:
                    check_page(driver, broken, measure_fps=False)
                    print(f"FAIL: the checks passed on a page with {what}")
                except CheckFailed as e:
                    caught += 1
                    print(f"planted {what}: caught ({e})")
        return 0 if caught == len(PLANTED) else 1
    except CheckFailed as e:
        print(f"FAIL: {e}")
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
