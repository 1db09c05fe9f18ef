"""The README stays a front door (at most 400 lines) and every link in it and in docs/ resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
MOST_README_LINES = 400
DOCUMENTS = [README, *sorted((REPO / "docs").glob("*.md"))]

LINK = re.compile(r"\]\(([^)\s]+)\)")
"""A Markdown link or image target: `[text](target)` or `![alt](target)`."""


def anchors(document: Path) -> set[str]:
    """The anchors GitHub gives the headings of `document` (lower case, punctuation dropped)."""
    found = set()
    in_code = False
    for line in document.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def local_links(document: Path) -> list[str]:
    """Every link target in `document` that is not a web address."""
    text = re.sub(r"```.*?```", "", document.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [target for target in LINK.findall(text) if "://" not in target]


def test_the_readme_is_at_most_400_lines() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_README_LINES, (
        f"README.md has {lines} lines; move the detail into docs/ (at most {MOST_README_LINES})"
    )


def test_the_readme_links_every_document() -> None:
    linked = {target.split("#")[0] for target in local_links(README)}
    for document in DOCUMENTS[1:]:
        assert f"docs/{document.name}" in linked, f"README.md does not link docs/{document.name}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_local_link_resolves(document: Path) -> None:
    for target in local_links(document):
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        assert linked.exists(), f"{document.name}: {target} names no file"
        if anchor:
            assert anchor in anchors(linked), f"{document.name}: {target} names no heading"


def readme_section(title: str) -> str:
    """The README's section under `## title`, up to the next section."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def test_the_readme_says_who_builds_the_one_file_and_who_gets_it() -> None:
    section = readme_section("Download or build")
    assert "Players without Python" in section, "who gets the one file"
    assert "Someone with Python builds" in section and "make dist" in section, "who builds it"


def test_the_readme_leaves_measurements_and_ci_to_docs() -> None:
    front = readme_section("Two commands") + readme_section("Download or build")
    measured = re.findall(r"\d+(?:\.\d+)? ?(?:MB|s\b|ms\b)", front)
    assert not measured, f"measurements belong in docs/building.md: {measured}"
    assert ".ci/run" not in README.read_text(encoding="utf-8"), "CI detail lives in docs/"
