# Deuce: a Discord dealer for 2-7 Triple Draw.
# Build: docker build -t deuce .
# Run:   docker run -d --restart unless-stopped --env-file .env -v deuce-data:/data deuce
# The bot runs as uid 10001: a bind mount instead of the volume must be owned by that uid.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/deuce.db

WORKDIR /app

# Dependencies in their own layer, so code changes do not reinstall them.
COPY pyproject.toml README.md ./
RUN python - <<'PY' > /tmp/requirements.txt
import tomllib
print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))
PY
RUN pip install -r /tmp/requirements.txt

COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-deps .

RUN useradd --system --create-home --uid 10001 deuce \
    && mkdir -p /data && chown deuce:deuce /data
USER deuce
VOLUME ["/data"]

CMD ["python", "-m", "bot"]
