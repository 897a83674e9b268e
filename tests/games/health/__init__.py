"""Tests of the health app."""
