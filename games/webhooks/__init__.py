"""Webhooks: URLs a club's organisers register to be told of hands and sessions as they change.

Kept light on purpose: ``games.models`` imports the models from here, and ``games.services``
calls ``events.emit``; nothing here may import either at package import time.
"""
