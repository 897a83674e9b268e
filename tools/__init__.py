"""Developers' tools: benchmarks, their input generators and catalogue helpers.

The product (``games``, ``scoring``, ``mahjong_league``) never imports them and they are not
installed with it. Run one from the repository root as ``.venv/bin/python -m tools.NAME``
(a tool that imports no other tool also runs as ``.venv/bin/python tools/NAME.py``).
"""
