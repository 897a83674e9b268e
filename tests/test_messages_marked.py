"""Every message the league shows a person is marked for translation: a form error, a
validation error or a flash message written as a bare string or an f-string would be
English on a Chinese page, and no catalogue check could see it (it never reaches one)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The engines write English templates that the league translates (scoring/engine/errors.py).
SKIPPED = ("scoring/engine/", "/migrations/", "/management/commands/")
FLASHES = {"debug", "info", "success", "warning", "error"}


def league_modules() -> list[Path]:
    paths = [*ROOT.glob("games/**/*.py"), *ROOT.glob("scoring/**/*.py")]
    return [p for p in paths if not any(part in p.as_posix() for part in SKIPPED)]


def message_argument(call: ast.Call) -> ast.expr | None:
    """The argument of ``call`` that is a message a person reads, if it is such a call."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name == "ValidationError" and call.args:
        return call.args[0]
    if name == "__init__" and _is_super(func) and call.args:  # an error's own message
        return call.args[0]
    if name == "add_error" and len(call.args) == 2:
        return call.args[1]
    owner = func.value if isinstance(func, ast.Attribute) else None
    if name in FLASHES and isinstance(owner, ast.Name) and owner.id == "messages":
        return call.args[1] if len(call.args) > 1 else None
    return None


def _is_super(func: ast.expr) -> bool:
    owner = func.value if isinstance(func, ast.Attribute) else None
    return isinstance(owner, ast.Call) and getattr(owner.func, "id", "") == "super"


def default_details(tree: ast.AST) -> list[int]:
    """The lines where an API error's ``default_detail`` is a bare string."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(getattr(target, "id", "") == "default_detail" for target in node.targets)
        and isinstance(node.value, ast.Constant | ast.JoinedStr)
    ]


def unmarked(path: Path) -> list[int]:
    """The lines of ``path`` that show a person an unmarked message."""
    tree = ast.parse(path.read_text(), str(path))
    lines = default_details(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        argument = message_argument(node)
        literal = isinstance(argument, ast.Constant) and isinstance(argument.value, str)
        if literal or isinstance(argument, ast.JoinedStr):
            lines.append(node.lineno)
    return sorted(lines)


def test_every_message_shown_to_a_person_is_marked_for_translation() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}" for path in league_modules() for line in unmarked(path)
    ]
    assert found == []


def test_the_check_finds_a_bare_and_a_formatted_message(tmp_path: Path) -> None:
    module = tmp_path / "views.py"
    module.write_text(
        "form.add_error('x', 'Choose a file.')\n"
        "raise ValidationError(f'{name} is taken')\n"
        "messages.error(request, 'Saved.')\n"
        "form.add_error('x', _('Choose a file.'))\n"
        "class Stale(ValidationError):\n"
        "    def __init__(self):\n"
        "        super().__init__('Changed meanwhile.', code='stale')\n"
        "class Required(APIException):\n"
        "    default_detail = 'Send If-Match.'\n"
        "class Marked(APIException):\n"
        "    default_detail = gettext_lazy('Send If-Match.')\n"
    )
    assert unmarked(module) == [1, 2, 3, 7, 9]
