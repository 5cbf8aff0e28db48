"""The designer's lab: variants, their errors, the figures against the records played, the
same results whatever the number of workers, and the files written."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest

from matchmaker.cli.main import main
from matchmaker.core.errors import OptionError
from matchmaker.sim.lab import (
    LabPlan,
    LabResult,
    SkillPair,
    Variant,
    load_variants_file,
    parse_skill,
    parse_variant,
    run_lab,
    variant_game,
)
from matchmaker.sim.lab_report import flagged_differences, write_lab

#: How close a figure of the lab's JSON is to the one worked out here: the lab writes six
#: decimals.
ROUNDED = 1e-6

# -- variants ---------------------------------------------------------------------------------


def test_variant_parses_name_and_options() -> None:
    variant = parse_variant("long:rounds=5,epilogue=true,deck=default")
    assert variant == Variant("long", {"rounds": 5, "epilogue": True, "deck": "default"})
    assert variant.describe() == 'rounds=5, epilogue=true, deck="default"'


def test_variant_name_alone_is_the_defaults() -> None:
    assert parse_variant("default:") == Variant("default", {})
    assert parse_variant("default:").describe() == "defaults"


def test_variant_keeps_a_list_with_commas_whole() -> None:
    variant = parse_variant("flat:deck=[1,2,3,4,5,6,7,8,9,10],first_proposer=1")
    assert variant.options == {"deck": list(range(1, 11)), "first_proposer": 1}


def test_variant_option_with_dashes_is_the_option_with_underscores() -> None:
    variant = parse_variant("swap:discard-draw-must-swap=true")
    assert variant.options == {"discard_draw_must_swap": True}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("epilogue=true", "must look like NAME:KEY=VALUE"),
        (":epilogue=true", "variant name ''"),
        ("a b:rounds=2", "variant name 'a b'"),
        ("long:rounds", "variant 'long': option 'rounds' must look like KEY=VALUE"),
    ],
)
def test_bad_variant_text_is_refused(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=re.escape(message)):
        parse_variant(text)


def test_unknown_option_names_the_variant_and_the_option() -> None:
    with pytest.raises(OptionError) as caught:
        variant_game("clecanian", parse_variant("odd:jokers=3"), 2)
    assert str(caught.value).startswith("variant 'odd' at 2 players: unknown option 'jokers'")


def test_a_value_the_game_refuses_names_the_variant_and_the_option() -> None:
    with pytest.raises(OptionError) as caught:
        variant_game("clecanian", parse_variant("none:rounds=0"), 3)
    assert str(caught.value) == (
        "variant 'none' at 3 players: option rounds must be a whole number of at least 1, not 0"
    )
    with pytest.raises(OptionError, match="variant 'tiny' at 4 players: option deck"):
        variant_game("purrfect", parse_variant("tiny:deck=[1,2,3]"), 4)


def test_a_variant_may_not_set_the_player_count() -> None:
    with pytest.raises(OptionError, match=r"variant 'three': option players .* --players"):
        variant_game("clecanian", parse_variant("three:players=3"), 2)


def test_variants_file_toml_and_json_keep_their_order(tmp_path: Path) -> None:
    toml = tmp_path / "v.toml"
    toml.write_text(
        "[variants.default]\n[variants.epilogue]\nepilogue = true\n[variants.short]\nrounds = 1\n"
    )
    expected = [
        Variant("default", {}),
        Variant("epilogue", {"epilogue": True}),
        Variant("short", {"rounds": 1}),
    ]
    assert load_variants_file(toml) == expected
    as_json = tmp_path / "v.json"
    as_json.write_text(
        json.dumps(
            {"variants": {"default": {}, "epilogue": {"epilogue": True}, "short": {"rounds": 1}}}
        )
    )
    assert load_variants_file(as_json) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"default": {}}', "expected a table 'variants'"),
        ('{"variants": {"a": 3}}', "variant 'a' must be a table of options"),
        ('{"variants": {}, "bots": 1}', "unknown key 'bots'"),
        ("{", "variants file"),
    ],
)
def test_bad_variants_file_is_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "v.json"
    path.write_text(text)
    with pytest.raises(OptionError, match=re.escape(message)):
        load_variants_file(path)


def test_skill_pairs() -> None:
    assert parse_skill("medium/easy, hard/medium") == [
        SkillPair("medium", "easy"),
        SkillPair("hard", "medium"),
    ]
    assert parse_skill("none") == []
    with pytest.raises(OptionError, match="STRONG/WEAK"):
        parse_skill("medium")


# -- the command's errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-V", "default:", "-V", "odd:jokers=3"], "variant 'odd' at 2 players: unknown option"),
        (["-V", "a:rounds=-1"], "variant 'a' at 2 players: option rounds must be"),
        (["-V", "a:", "-V", "a:rounds=2"], "variant 'a' is named twice"),
        ([], "no variants"),
        (["-V", "a:", "--players", "2,9"], "variant 'a' at 9 players: option players"),
        (["-V", "a:", "--players", "two"], "--players 'two'"),
        (["-V", "a:", "--bots", "nobody"], "nobody"),
        (["-V", "a:", "--skill", "medium"], "STRONG/WEAK"),
        (["-V", "a:", "--games", "0"], "--games must be at least 1"),
        (["-V", "a:", "--workers", "0"], "--workers must be at least 1"),
        (["-V", "a:", "--records"], "--records needs --out"),
        (["-V", "a:", "--address", "auto"], "--address is for --backend ray"),
        (["--variants", "/nonexistent/v.toml"], "cannot read variants file"),
    ],
)
def test_lab_command_refuses_bad_input_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["lab", "clecanian", "--quiet", "--seed", "1", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("matchmaker: "), captured.err
    assert message in lines[0]


# -- a small run, checked against the records it played -----------------------------------


def _events(record: dict[str, Any]) -> list[dict[str, Any]]:
    if record["game"] == "clecanian":
        return [e for r in record["rounds"] for e in r["events"]]
    return list(record["events"])


def _actions(record: dict[str, Any], *names: str) -> int:
    return sum(e.get("action") in names for e in _events(record))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


@pytest.fixture(scope="module")
def clecanian_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("lab")
    args = [
        "lab", "clecanian", "-V", "default:", "-V", "epilogue:epilogue=true,rounds=2",
        "--players", "2,3", "--games", "4", "--seed", "7", "--skill", "medium/easy",
        "--out", str(out), "--records", "--quiet",
    ]  # fmt: skip
    assert main(args) == 0
    return out, json.loads((out / "results.json").read_text())


def test_lab_figures_are_those_of_the_records_it_played(
    clecanian_run: tuple[Path, dict[str, Any]],
) -> None:
    out, data = clecanian_run
    assert data["format"] == "matchmaker-lab/1"
    assert data["command"].startswith("matchmaker lab clecanian -V default:")
    assert set(data["versions"]) == {"matchmaker", "python", "matplotlib"}
    assert list(data["variants"]) == ["default", "epilogue"]
    for name, rounds in (("default", 3), ("epilogue", 2)):
        for players in (2, 3):
            folder = out / "records" / name / f"{players}p"
            records = [json.loads(p.read_text()) for p in sorted(folder.glob("game-*.json"))]
            assert len(records) == 4
            entry = data["variants"][name]["by_players"][str(players)]
            measures = entry["measures"]
            assert entry["games"] == 4
            assert all(r["meta"]["seats"] == ["medium"] * players for r in records)
            expect = {
                "decisions": _mean([sum("seat" in e for e in _events(r)) for r in records]),
                "turns": _mean([_actions(r, "draw_stock", "draw_discard") for r in records]),
                "rounds": rounds,
                "abductions": _mean([_actions(r, "abduct") for r in records]),
                "ties": _mean([len(r["result"]["winners"]) > 1 for r in records]),
                "spread": _mean(
                    [max(r["result"]["scores"]) - min(r["result"]["scores"]) for r in records]
                ),
            }
            for key, value in expect.items():
                found = measures[key]["value"]
                assert found == pytest.approx(value, abs=ROUNDED), (name, players, key)
            shares = [
                _mean(
                    [(s in r["result"]["winners"]) / len(r["result"]["winners"]) for r in records]
                )
                for s in range(players)
            ]
            assert [seat["value"] for seat in entry["seats"]] == pytest.approx(shares, abs=ROUNDED)
            first = measures["first_seat"]["value"]
            assert first == pytest.approx(shares[0] - 1 / players, abs=ROUNDED)


def test_lab_differences_pair_the_games_of_each_seed(
    clecanian_run: tuple[Path, dict[str, Any]],
) -> None:
    out, data = clecanian_run
    with (out / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 2 * 2 * 2 * 4  # variants x player counts x tables x games
    for players in ("2", "3"):
        mine = {r["index"]: r for r in rows if r["players"] == players and r["table"] == "mirror"}
        base = [r for r in rows if r["variant"] == "default" and r["players"] == players]
        other = [r for r in rows if r["variant"] == "epilogue" and r["players"] == players]
        assert [r["seed"] for r in base] == [r["seed"] for r in other]
        assert len(mine) == 4
        for key in ("jokers", "couples", "decisions"):
            diffs = [
                float(o[key]) - float(b[key])
                for o, b in zip(other, base, strict=True)
                if o["table"] == "mirror"
            ]
            found = data["variants"]["epilogue"]["by_players"][players]["differences"][key]
            assert found["value"] == pytest.approx(_mean(diffs), abs=ROUNDED)
            assert found["games"] == 4
        gaps = [float(r["skill_gap"]) for r in other if r["table"] == "medium/easy"]
        strong_seats = [
            next(s for s in range(int(players)) if r[f"bot_{s}"] == "medium")
            for r in other
            if r["table"] == "medium/easy"
        ]
        assert strong_seats == [i % int(players) for i in range(4)]
        skill = data["variants"]["epilogue"]["by_players"][players]["measures"]
        assert skill["skill:medium/easy"]["value"] == pytest.approx(_mean(gaps), abs=ROUNDED)
    assert "differences" not in data["variants"]["default"]["by_players"]["2"]


def test_lab_report_shows_every_variant_and_flags_what_the_json_flags(
    clecanian_run: tuple[Path, dict[str, Any]],
) -> None:
    out, data = clecanian_run
    page = (out / "report.html").read_text()
    assert "http://" not in page and "https://" not in page and "<script" not in page
    assert page.count("data:image/png;base64,") == 3
    assert data["command"].replace('"', "&quot;").replace("'", "&#x27;") in page
    for name in data["variants"]:
        assert f"{name}" in page
    flagged = sum(
        diff is not None and diff["excludes_zero"]
        for players in ("2", "3")
        for key, diff in data["variants"]["epilogue"]["by_players"][players]["differences"].items()
        if key != "seconds"
    )
    assert page.count("<td class='flag'") == flagged
    for png in ("measures.png", "differences.png", "seats.png"):
        assert (out / png).read_bytes().startswith(b"\x89PNG")


# -- determinism ----------------------------------------------------------------------------


def _without_timing(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_timing(v) for k, v in data.items() if k != "seconds"}
    if isinstance(data, list):
        return [_without_timing(v) for v in data]
    return data


def _purrfect_plan() -> LabPlan:
    return LabPlan(
        game="purrfect",
        variants=(parse_variant("default:"), parse_variant("faq38:deck=faq38")),
        players=(2, 3),
        bots="medium",
        skill=(SkillPair("medium", "easy"),),
        games=5,
        seed=3,
    )


def test_lab_results_do_not_depend_on_the_number_of_workers() -> None:
    one = run_lab(_purrfect_plan(), workers=1)
    two = run_lab(_purrfect_plan(), workers=2)
    assert [r.outcome for r in one.rows] == [r.outcome for r in two.rows]
    assert _without_timing(one.to_json()) == _without_timing(two.to_json())


def test_purrfect_counts_match_the_records(tmp_path: Path) -> None:
    result: LabResult = run_lab(_purrfect_plan(), records_dir=tmp_path)
    for variant in ("default", "faq38"):
        for players in (2, 3):
            games = result.games_of(variant, players)
            folder = tmp_path / variant / f"{players}p"
            for row in games:
                record = json.loads((folder / f"game-{row.outcome.index:06d}.json").read_text())
                matches = _actions(record, "accept")
                assert row.values["matches"] == matches
                assert row.values["refusals"] == _actions(record, "reject")
                assert row.values["rounds"] == _actions(record, "present")
                assert row.values["lonely"] == _actions(record, "present") - matches
                assert row.values["no_trade"] == (matches == 0)
                dealt = sum(len(hand) for hand in record["deal"]["hands"])
                claimed = sum(len(c) for c in record["result"]["claimed"])
                lonely = row.values["lonely"]
                assert row.values["left_over"] == dealt - claimed - lonely
    assert result.paired_deal("faq38", 2) is False and result.paired_deal("default", 3)
    write_lab(result, tmp_path / "out")
    assert all(v[0] != "default" for v in flagged_differences(result))


def test_lab_doc_python_example_runs() -> None:
    text = (Path(__file__).parent.parent / "docs" / "lab.md").read_text()
    (code,) = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    namespace: dict[str, Any] = {}
    exec(compile(code, "lab.md", "exec"), namespace)
    assert namespace["data"]["variants"]["epilogue"]["by_players"]["2"]["games"] == 4
