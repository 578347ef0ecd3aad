/* @name Hit */
INSERT INTO rate_limit_buckets AS b (key, window_start, hits) VALUES (:key!, now(), 1)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN b.window_start <= now() - make_interval(secs => :windowSeconds!) THEN 1 ELSE b.hits + 1 END,
  window_start = CASE WHEN b.window_start <= now() - make_interval(secs => :windowSeconds!) THEN now() ELSE b.window_start END
RETURNING hits AS "hits!", ceil(extract(epoch FROM b.window_start + make_interval(secs => :windowSeconds!) - now()))::int AS "retry_after!";
