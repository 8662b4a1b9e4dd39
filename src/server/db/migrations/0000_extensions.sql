-- Trigram indexes make the experts free-text search fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
