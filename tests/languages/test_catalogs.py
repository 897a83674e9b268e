"""The catalogues: every Chinese message translated, none fuzzy, none missing."""

from __future__ import annotations

from pathlib import Path

import polib

from games.catalogs import catalog_problems, catalogs_simplify


def test_every_zh_hant_and_zh_hans_message_is_translated() -> None:
    problems = catalog_problems()
    assert problems == [], "\n".join(problems[:50])


def _project(root: Path, template: str) -> Path:
    (root / "templates").mkdir(parents=True)
    (root / "templates" / "page.html").write_text(template, encoding="utf-8")
    (root / "locale").mkdir()
    return root


def test_the_check_finds_a_message_no_catalogue_holds_yet(tmp_path: Path) -> None:
    root = _project(tmp_path / "site", '{% load i18n %}{% translate "Zebra crossing" %}')
    problems = catalog_problems(root)
    assert "locale/zh_Hant/LC_MESSAGES/django.po: untranslated: 'Zebra crossing'" in problems
    assert "locale/zh_Hans/LC_MESSAGES/django.po: untranslated: 'Zebra crossing'" in problems


def _catalogue(root: Path, language: str, msgstr: str, *, fuzzy: bool = False) -> None:
    folder = root / "locale" / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    flags = ["fuzzy"] if fuzzy else []
    catalogue.append(polib.POEntry(msgid="Self-drawn", msgstr=msgstr, flags=flags))
    catalogue.save(str(folder / "django.po"))


def test_the_check_finds_a_fuzzy_translation(tmp_path: Path) -> None:
    root = _project(tmp_path / "site", '{% load i18n %}{% translate "Self-drawn" %}')
    _catalogue(root, "zh_Hant", "自摸", fuzzy=True)
    _catalogue(root, "zh_Hans", "自摸")
    assert catalog_problems(root) == ["locale/zh_Hant/LC_MESSAGES/django.po: fuzzy: 'Self-drawn'"]


def test_simplified_messages_come_from_the_traditional_ones(tmp_path: Path) -> None:
    root = _project(tmp_path / "site", "")
    _catalogue(root, "zh_Hant", "詐糊：錯和")
    _catalogue(root, "zh_Hans", "")
    assert catalogs_simplify(root) == 1
    [entry] = polib.pofile(str(root / "locale/zh_Hans/LC_MESSAGES/django.po"))
    assert entry.msgstr == "诈糊：错和"


def test_the_check_finds_a_translation_that_lost_a_placeholder(tmp_path: Path) -> None:
    root = _project(tmp_path / "site", "")
    (root / "engine.py").write_text('HandError("{tile} appears twice")\n', encoding="utf-8")
    for language, msgstr in (("zh_Hant", "出現了兩次"), ("zh_Hans", "{tile} 出现了两次")):
        folder = root / "locale" / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        catalogue = polib.POFile()
        catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
        catalogue.append(polib.POEntry(msgid="{tile} appears twice", msgstr=msgstr))
        catalogue.save(str(folder / "django.po"))
    [problem] = catalog_problems(root)
    assert problem.startswith("locale/zh_Hant/LC_MESSAGES/django.po: ")
    assert "'{tile} appears twice'" in problem
