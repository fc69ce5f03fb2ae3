# paiju server: API, WebSocket, web table; AI in-process unless PAIJU_AI_IN_PROCESS=0.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    PAIJU_DATABASE_URL=sqlite:////data/paiju.db

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY ai ./ai
COPY server ./server
COPY web ./web
RUN pip install . \
    && useradd --create-home --uid 10001 paiju \
    && mkdir -p /data && chown paiju /data

USER paiju
EXPOSE 8000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/games', timeout=2)"]
CMD ["uvicorn", "server.app:app", "--host", "0.0.0.0", "--port", "8000"]
