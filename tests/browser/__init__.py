"""Browser tests: real headless Chromium at phone size (``browser`` mark)."""
