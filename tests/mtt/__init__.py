"""Multi-table tournaments: the Discord pieces of the feature against the double."""
