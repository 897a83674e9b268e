"""The REST API under /api/v1/: one small class per operation, over the services."""
