"""The imports app: score files, games files, PMN game records and Tenhou game logs into a
season, as jobs with a preview; a season's games file and an MCR session's PMN records out.

The modules: ``reading`` (the upload), ``planning`` (the preview's plan, in ``plans``),
``writing`` (the confirmed import) and ``bulk_hands`` (many hands at once), named for callers
by ``score_import``; ``games_file`` (the games-file format, out and in) and
``games_import`` (its plan and writing); ``pmn_import`` (PMN records) and ``pmn_export``;
``tenhou_import`` (Tenhou logs); ``jobs`` (an upload as a job a worker runs, its ``progress``
told to the page); ``views``, ``games_views``, ``pmn_views``, ``tenhou_views``,
``game_file_views`` and ``urls`` (the pages). The package itself imports nothing: Django
imports it before the models are ready.
"""
