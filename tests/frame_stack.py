"""A call made at the bottom of one large frame, so that CPython 3.11 stops mapping and
unmapping memory for its frames at every deep call: the test loop runs in it (conftest).

CPython keeps its frames on a stack of chunks (16 KiB at the least), each mapped from the
system when a call finds no room left in the last one, and unmapped when the stack returns
below it (``push_chunk`` and ``_PyThreadState_PopFrame`` in Python/pystate.c). A page's
request runs about a hundred calls deep (middleware, views, templates, the ORM), so its calls
cross a chunk's end back and forth thousands of times, and each crossing maps a chunk again
and faults its pages in: ``perf record -e page-faults`` found 88% of a worker's page faults
there, and the workers spent 16 s of a run of the suite in the system.

A frame with no room in its chunk gets a chunk of its own, the first power of two (from
16 KiB) that holds it and 8 KB more, and the calls made from it go on in the rest of that
chunk. A function with 33,000 locals (a 264 KB frame) gets 512 KiB and leaves about 248 KB
above itself, several times what the deepest request uses: run from it, the tests cross no
chunk's end, and a run's page faults (workers, their servers and the main process) fall
from 2.3 million to 0.65 million.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LOCALS = 33_000
NAME = "call_in_a_large_frame"


def _large_frame_caller() -> Callable[[Callable[[], Any]], Any]:
    # The names are locals because they are assigned in the function; they never are.
    names = " = ".join(f"_{i}" for i in range(LOCALS))
    source = f"def {NAME}(call):\n    if call is None:\n        {names} = None\n    return call()\n"
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<{NAME}>", "exec"), namespace)
    caller: Callable[[Callable[[], Any]], Any] = namespace[NAME]
    return caller


call_in_a_large_frame = _large_frame_caller()
