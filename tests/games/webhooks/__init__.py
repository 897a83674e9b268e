"""Tests of the webhooks app."""
