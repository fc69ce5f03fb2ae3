"""AI policies and the AI service that plays AI seats through the public API."""
