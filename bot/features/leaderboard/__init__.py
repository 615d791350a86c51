"""The server's leaderboards (``ranking.py``): ``/chips leaderboard`` and the dashboard's page
read the same ranking."""
