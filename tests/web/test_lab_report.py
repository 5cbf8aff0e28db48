"""The lab's report page in Debian's Chromium: it opens from a file with no network, with no
error on the console, and shows its plots and the tables of every player count."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from matchmaker.sim.lab import LabPlan, SkillPair, parse_variant, run_lab
from matchmaker.sim.lab_report import write_lab


def test_lab_report_opens_offline_without_console_errors(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    plan = LabPlan(
        game="purrfect",
        variants=(parse_variant("default:"), parse_variant("flat:deck=[1,2,3,4,5,6,7,8,9,10]")),
        players=(2, 4),
        bots="medium",
        skill=(SkillPair("medium", "easy"),),
        games=4,
        seed=2,
    )
    write_lab(run_lab(plan), tmp_path, {"command": "matchmaker lab purrfect …", "versions": {}})
    page = new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto((tmp_path / "report.html").as_uri())
    expect(page.locator("h1")).to_contain_text("Purrfect Match")
    expect(page.locator("pre.command")).to_have_text("matchmaker lab purrfect …")
    images = page.locator("img")
    expect(images).to_have_count(3)
    for index in range(3):
        assert images.nth(index).evaluate("img => img.complete && img.naturalWidth > 0")
    expect(page.locator("h2#players-2")).to_be_visible()
    expect(page.locator("h2#players-4")).to_be_visible()
    rows = page.locator("table.measures").first.locator("tbody tr")
    expect(rows.first).to_contain_text("decisions")
    assert all(url.startswith(("file:", "data:")) for url in requests), requests
