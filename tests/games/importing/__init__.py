"""Tests of the importing app."""
