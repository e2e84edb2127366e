#!/usr/bin/env python3
"""Opens an HTML page in headless Chromium and runs axe-core on it (from PyPI's axe-selenium-python).

Usage: axe_check.py PAGE [--screenshot PNG]

Prints one plain line per violation and a summary line; exits 0 with no violations, 1 with any,
2 when Chromium or chromedriver cannot be started. With --screenshot, saves the top of the page.
"""
import json
import os
import sys

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def main() -> int:
    arguments = sys.argv[1:]
    screenshot = None
    if "--screenshot" in arguments:
        at = arguments.index("--screenshot")
        screenshot = arguments[at + 1]
        del arguments[at:at + 2]
    if len(arguments) != 1:
        print("Usage: axe_check.py PAGE [--screenshot PNG]", file=sys.stderr)
        return 2
    page = os.path.abspath(arguments[0])
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("ANNOUNCER_CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
                 "--allow-file-access-from-files", "--mute-audio"):
        options.add_argument(flag)
    service = Service(os.environ.get("ANNOUNCER_CHROMEDRIVER", "/usr/bin/chromedriver"))
    try:
        driver = webdriver.Chrome(service=service, options=options)
    except Exception as error:  # noqa: BLE001 - any failure to start is reported in one sentence
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        print(f"Chromium could not be started through chromedriver: {first}", file=sys.stderr)
        return 2
    try:
        driver.set_script_timeout(120)
        driver.get("file://" + page)
        axe = Axe(driver)
        axe.inject()
        # Every rule axe has for WCAG 2.0, 2.1 and 2.2 A and AA, and its best practices.
        results = axe.run()
        if screenshot:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(screenshot)
        version = driver.execute_script("return axe.version")
    finally:
        driver.quit()
    violations = results.get("violations", [])
    for violation in violations:
        nodes = len(violation.get("nodes", []))
        targets = ", ".join(" ".join(node.get("target", [])) for node in violation.get("nodes", [])[:3])
        print(f"{violation['id']}: {violation['help']} ({nodes} elements, such as {targets})")
    passes = len(results.get("passes", []))
    print(f"axe-core {version} found {len(violations)} violations; {passes} rules passed.")
    if os.environ.get("AXE_JSON"):
        with open(os.environ["AXE_JSON"], "w", encoding="utf-8") as out:
            json.dump(results, out)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
