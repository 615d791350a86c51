"""The table: one session per channel and what it needs (see docs/ARCHITECTURE.md)."""
