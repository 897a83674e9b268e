"""Reading an uploaded score file: its size, its text, and the preview file kept until the
import is confirmed."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from django.utils.translation import gettext as _

from games.importing.plans import (
    ImportRefused,
    Problem,
)
from scoring.score_files import (
    LineError,
    ScoreFormat,
    score_lines,
)
from scoring.text import TextError

MAX_FILE_BYTES = 32 * 1024 * 1024  # about 2.5 million games: far beyond any club's history
# A previewed file waits for its confirmation in the default storage, not in the session row.
PENDING_FOLDER = "score-imports"
PENDING_LIFETIME = dt.timedelta(days=1)


def check_size(size: int) -> None:
    """Refuse an empty file or one over ``MAX_FILE_BYTES`` before reading it."""
    if size == 0:
        raise ImportRefused([Problem(None, _("The file is empty."))])
    if size > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        message = _("The file is larger than %(limit)s MB.") % {"limit": limit}
        raise ImportRefused([Problem(None, message)])


def decode(data: bytes) -> str:
    """The text of an uploaded score file; refuse an empty one, or one holding a NUL or bytes
    that are not UTF-8 (named by line and column)."""
    check_size(len(data))
    try:
        lines = score_lines(data)
    except TextError as error:
        # Its message names the line and the column already.
        raise ImportRefused([Problem(None, error.message)]) from None
    if not any(line.strip() for line in lines):
        raise ImportRefused([Problem(None, _("The file has no lines: it is empty."))])
    return "\n".join(lines)


def inline_check_lines() -> int:
    """A file of at most this many lines is checked within the upload's request
    (settings.SCORE_IMPORT_CHECK_INLINE_LINES); a longer one by a job."""
    limit: int = settings.SCORE_IMPORT_CHECK_INLINE_LINES
    return limit


def pending_file_save(*, text: str) -> str:
    """Keep a previewed file's text until it is confirmed; returns its name in the storage.
    Files of previews never confirmed are removed here once they are a day old."""
    _pending_files_sweep()
    name = f"{PENDING_FOLDER}/{uuid.uuid4().hex}.txt"
    return default_storage.save(name, ContentFile(text.encode()))


def pending_file_read(*, name: str) -> str | None:
    """The text kept under ``name``, or None when it is gone (confirmed or expired)."""
    if not name.startswith(f"{PENDING_FOLDER}/") or not default_storage.exists(name):
        return None
    with default_storage.open(name, "rb") as kept:
        data: bytes = kept.read()
    return data.decode()


def pending_file_delete(*, name: str) -> None:
    if name.startswith(f"{PENDING_FOLDER}/"):
        default_storage.delete(name)


def _pending_files_sweep() -> None:
    try:
        _, names = default_storage.listdir(PENDING_FOLDER)
    except FileNotFoundError:
        return
    cutoff = timezone.now() - PENDING_LIFETIME
    for name in names:
        path = f"{PENDING_FOLDER}/{name}"
        if default_storage.get_modified_time(path) < cutoff:
            default_storage.delete(path)


def read_scores(score_format: ScoreFormat, text: str, params: Mapping[str, Any]) -> Any:
    """The file read under ``params`` until its own setting lines change them."""
    try:
        return score_format.read_under(text, params)
    except LineError as error:
        message, _, detail = error.message.partition("\n")
        raise ImportRefused([Problem(error.line, message, detail.strip())]) from None
