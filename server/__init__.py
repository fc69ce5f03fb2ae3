"""The FastAPI server: REST and WebSocket routes, storage, seat tokens, pub/sub."""
