"""A whole club as one versioned archive: its export, its checks and its import elsewhere."""
