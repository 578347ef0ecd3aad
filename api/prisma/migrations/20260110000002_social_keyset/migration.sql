-- Social keyset pages (issue 17): a page's cursor carries created_at as JSON shows it (milliseconds),
-- so posts and comments store it at that precision. With microseconds, rows of the cursor's
-- millisecond that sort after it would fall between two pages.
ALTER TABLE social_posts ALTER COLUMN created_at TYPE timestamptz(3);
ALTER TABLE social_post_comments ALTER COLUMN created_at TYPE timestamptz(3);
