"""Every rules reference in the code and the docs can be followed: a ``§5.2``,
``AMB-C4``, ``DIFF-4``, ``TV-24``/``TV24``, ``T-ANTIGONE`` or ``F12`` in a file of a
game (its name in the path: companion/coloretto/…, tests/golden_horn/…,
docs/alles_auf_1_karte.md, its .po catalogues) names a heading or an id defined
in that game's rules digest (``GameManifest.rules``, under docs/rules/)."""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from companion.games import available_games, load_manifest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("companion", "ui", "vision", "hardware", "tests", "docs")
SUFFIXES = {".py", ".md", ".kv", ".po", ".json"}

#: one pattern per kind of reference
KINDS = {
    "section": re.compile(r"§\s?(\d+(?:\.\d+)*)"),
    "ambiguity": re.compile(r"\bAMB-([A-Z]?\d*[a-z]?)\b"),
    "difference": re.compile(r"\bDIFF-(\d+)\b"),
    "vector": re.compile(r"\bTV-?(\d+)\b"),
    "named vector": re.compile(r"\bT-([A-Z]{3,})\b"),
    "flow vector": re.compile(r"\bF(\d+)\b"),
}
HEADING = re.compile(r"^#+\s+(\d+(?:\.\d+)*)\.?\s")
#: where a digest defines an id: a heading, the start of a bold run, or a table row's first cell
DEFINING = re.compile(r"^#+ .*|\*\*[^*]*|^\|[^|]*\|", re.M)


def defined_ids(digest: str) -> dict[str, set[str]]:
    ids: dict[str, set[str]] = defaultdict(set)
    for line in digest.splitlines():
        heading = HEADING.match(line)
        if heading:
            ids["section"].add(heading.group(1))
    for place in DEFINING.findall(digest):
        for kind, pattern in KINDS.items():
            if kind != "section":
                ids[kind].update(_normal(kind, m) for m in pattern.findall(place))
    return ids


def _normal(kind: str, value: str) -> str:
    return str(int(value)) if kind in ("vector", "difference", "flow vector") else value


def references(text: str) -> list[tuple[str, str]]:
    return [(kind, _normal(kind, m.group(1))) for kind, pattern in KINDS.items()
            for m in pattern.finditer(text)]


def game_files() -> dict[str, list[Path]]:
    """The scanned files of each game with a digest, by the game's name in their path."""
    digests = {g for g in available_games() if load_manifest(g).rules}
    found: dict[str, list[Path]] = defaultdict(list)
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or "rules" in path.relative_to(ROOT).parts[:2]:
                continue
            owners = [g for g in digests if g in str(path.relative_to(ROOT))]
            if len(owners) == 1:
                found[owners[0]].append(path)
    return found


def unresolved(game: str, paths: list[Path]) -> list[str]:
    digest = (ROOT / load_manifest(game).rules).read_text(encoding="utf-8")
    ids = defined_ids(digest)
    missing = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for kind, ref in references(line):
                if ids[kind] and ref not in ids[kind]:   # a kind the digest never defines is not ours
                    missing.append(f"{path.name}:{number}: {kind} {ref!r}")
    return missing


FILES = game_files()


@pytest.mark.parametrize("game", sorted(FILES))
def test_every_rules_reference_resolves_in_the_game_s_digest(game):
    count = sum(len(references(p.read_text(encoding="utf-8"))) for p in FILES[game])
    least = 20 if load_manifest(game).translated else 1      # a shipped game cites its digest a lot
    assert count >= least, f"only {count} references found for {game}: is the scan still looking?"
    assert unresolved(game, FILES[game]) == []


@pytest.mark.parametrize("game", [g for g in available_games() if load_manifest(g).translated])
def test_every_shipped_game_has_its_digest_in_docs_rules(game):
    rules = load_manifest(game).rules
    assert rules is not None and rules.startswith("docs/rules/") and (ROOT / rules).is_file()


def test_the_docs_cite_digests_that_are_in_the_repo():
    cited = {m for top in SCANNED for p in (ROOT / top).rglob("*") if p.suffix in SUFFIXES
             for m in re.findall(r"rules/([\w-]+\.md)", p.read_text(encoding="utf-8"))}
    assert cited and {c for c in cited if not (ROOT / "docs" / "rules" / c).is_file()} == set()


def test_a_reference_to_nothing_is_found(tmp_path):
    """The check itself: a made-up section, ambiguity and vector are reported."""
    sample = tmp_path / "golden_horn_sample.py"
    sample.write_text("# §5.2 ok; §99.1, AMB-Z and TV-99 are not in the digest\n", encoding="utf-8")
    assert [m.split(": ", 1)[1] for m in unresolved("golden_horn", [sample])] == [
        "section '99.1'", "ambiguity 'Z'", "vector '99'"]
