"""The workers' heartbeats: one row per running worker and queue, rewritten every few seconds."""

from __future__ import annotations

from django.db import models


class WorkerHeartbeat(models.Model):
    """When a job worker serving a queue was last heard of. A worker that stops cleanly
    leaves its row: the probe asks only whether some worker of each queue is alive."""

    worker_id = models.CharField(max_length=64)
    queue_name = models.CharField(max_length=32)
    # How often this worker beats: it counts as silent after two beats missed.
    interval_seconds = models.PositiveIntegerField()
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["worker_id", "queue_name"], name="one_beat_a_queue")
        ]

    def __str__(self) -> str:
        return f"{self.worker_id} ({self.queue_name})"
