"""The message catalogues: gathered from the sources, and checked complete."""

from __future__ import annotations

import contextlib
import os
import shutil
import string
import tempfile
from collections.abc import Iterator
from pathlib import Path

import polib
from django.conf import settings
from django.core.management import call_command
from django.test.utils import override_settings

from scoring.chinese import to_simplified

# The languages a translator keeps complete (English is the sources' own).
TRANSLATED = ("zh_Hant", "zh_Hans")
DOMAINS = ("django", "djangojs")
# Folders that hold no source of ours.
IGNORED = [
    ".venv",
    "node_modules",
    "staticfiles",
    "media",
    "job-progress",
    "test-artifacts",
    "tests",
]
CATALOG_FOLDERS = ("locale", "games/locale", "scoring/locale")


def catalogs_update(root: Path | None = None) -> None:
    """Gather every marked string under ``root`` (the project) into its catalogues."""
    root = root or Path(settings.BASE_DIR)
    with _inside(root), override_settings(LOCALE_PATHS=[root / "locale"]):
        for domain in DOMAINS:
            call_command(
                "makemessages",
                locale=list(TRANSLATED),
                domain=domain,
                ignore_patterns=IGNORED,
                add_location="file",
                no_obsolete=True,
                verbosity=0,
            )


def catalogs_compile(root: Path | None = None) -> None:
    """Compile the catalogues (``.mo``) the site reads; msgfmt refuses a translation whose
    placeholders differ from its message's."""
    root = root or Path(settings.BASE_DIR)
    with _inside(root):
        call_command("compilemessages", ignore_patterns=IGNORED, verbosity=0)


def catalog_problems(root: Path | None = None) -> list[str]:
    """What a translator still has to do: each untranslated, fuzzy or not yet gathered
    message, named with its catalogue. Gathers afresh into a copy, so the sources' newest
    strings count and the project's files stay as they are."""
    root = root or Path(settings.BASE_DIR)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "project"
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".*", *IGNORED, "*.mo"))
        catalogs_update(copy)
        return [problem for path in _catalogs(copy) for problem in _problems(path, copy)]


def catalogs_simplify(root: Path | None = None) -> int:
    """Fill each untranslated zh-Hans message from its zh-Hant translation, converted by
    OpenCC (Hong Kong Traditional to Simplified) and the mainland's own words: one source,
    two scripts. A message
    translated by hand in zh-Hans stays as it is. Returns how many were filled."""
    root = root or Path(settings.BASE_DIR)
    filled = 0
    for folder in CATALOG_FOLDERS:
        for domain in DOMAINS:
            traditional = root / folder / "zh_Hant" / "LC_MESSAGES" / f"{domain}.po"
            simplified = root / folder / "zh_Hans" / "LC_MESSAGES" / f"{domain}.po"
            if traditional.exists() and simplified.exists():
                filled += _simplify(polib.pofile(str(traditional)), polib.pofile(str(simplified)))
    return filled


# Words Hong Kong and the mainland write differently, not only in another script: applied
# after OpenCC when zh-Hans is filled from zh-Hant (docs/glossary.md lists them).
MAINLAND_WORDS = {
    "汇入": "导入",
    "汇出": "导出",
    "登入": "登录",
    "登出": "退出",
    "权杖": "令牌",
    "计分档": "计分文件",
    "档案": "文件",
    "上载": "上传",
    "复原": "撤销",
    "储存": "保存",
    "网志": "博客",
    "讯息": "消息",
    "预设": "默认",
    "萤幕": "屏幕",
    "设定": "设置",
    "建立": "创建",
    "牌台": "牌桌",
    "找数": "结算",
    "尚未有": "暂无",
}


def to_mainland(text: str) -> str:
    """zh-Hant ``text`` as a mainland reader writes it: OpenCC, then the words above."""
    simplified = to_simplified(text)
    for hong_kong, mainland in MAINLAND_WORDS.items():
        simplified = simplified.replace(hong_kong, mainland)
    return simplified


def _simplify(traditional: polib.POFile, simplified: polib.POFile) -> int:
    sources = {(entry.msgctxt, entry.msgid): entry for entry in traditional.translated_entries()}
    filled = 0
    for entry in simplified:
        source = sources.get((entry.msgctxt, entry.msgid))
        if entry.obsolete or source is None or "fuzzy" in source.flags:
            continue
        if entry.translated() and "fuzzy" not in entry.flags:
            continue
        entry.msgstr = to_mainland(source.msgstr)
        entry.msgstr_plural = {k: to_mainland(v) for k, v in source.msgstr_plural.items()}
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
        filled += 1
    simplified.save()
    return filled


def _catalogs(root: Path) -> Iterator[Path]:
    for folder in CATALOG_FOLDERS:
        for language in TRANSLATED:
            for domain in DOMAINS:
                path = root / folder / language / "LC_MESSAGES" / f"{domain}.po"
                if path.exists():
                    yield path


def _problems(path: Path, root: Path) -> Iterator[str]:
    name = path.relative_to(root)
    for entry in polib.pofile(str(path)):
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            yield f"{name}: fuzzy: {entry.msgid!r}"
        elif not entry.translated():
            yield f"{name}: untranslated: {entry.msgid!r}"
        elif _fields(entry.msgid) != _fields(entry.msgstr):
            yield f"{name}: placeholders differ: {entry.msgid!r} -> {entry.msgstr!r}"


def _fields(text: str) -> list[str]:
    """The ``{name}`` placeholders of ``text`` (an engine message's values), sorted."""
    try:
        return sorted(field for _, field, _, _ in string.Formatter().parse(text) if field)
    except ValueError:
        return ["<not a template>"]


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)
