"""The imports app: score files, PMN game records and Tenhou game logs into a season, as
jobs with a preview.

The modules: ``reading`` (the upload), ``planning`` (the preview's plan, in ``plans``),
``writing`` (the confirmed import) and ``bulk_hands`` (many hands at once), named for callers
by ``score_import``; ``pmn_import`` (PMN records); ``tenhou_import`` (Tenhou logs); ``jobs``
(an upload as a job a worker runs, its ``progress`` told to the page); ``views``,
``pmn_views``, ``tenhou_views`` and ``urls`` (the pages). The package itself imports
nothing: Django imports it before the models are ready.
"""
