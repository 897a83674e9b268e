"""The classical parameters are read by the engine (``scoring.engine.classical.params``),
without Django; the league still reads their errors in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.engine.classical.params import read_rules_text
from scoring.engine.errors import RulesError

BROKEN = 'Broken\nPaymentMethod=9\n10 3 "Pung" "PXM" 2 0\n// END\n'


def test_a_rules_file_s_errors_are_listed_by_line_in_the_reader_s_language() -> None:
    with pytest.raises(RulesError) as caught:
        read_rules_text(BROKEN)
    english = str(caught.value)
    assert english.startswith("the rules file has 2 errors: line 2: ")
    assert "; line 3: " in english
    with translation.override("zh-hant"):
        chinese = str(caught.value)
    assert chinese.startswith("規則檔有2 個錯誤：第 2 行：")
    assert "; 第 3 行：" in chinese
    with pytest.raises(RulesError, match="the rules file has an error: line 2: "):
        read_rules_text("Broken\nPaymentMethod=9\n// END\n")
