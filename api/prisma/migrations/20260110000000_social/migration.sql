-- Social feed and friends (issue 17). Counts are kept by triggers (prisma/sql/social.sql); the feed
-- and a user's posts are read newest first by keyset (created_at, id); one relationship per pair.
DROP INDEX social_posts_created_at_idx;
CREATE INDEX social_posts_feed_idx ON social_posts (created_at DESC, id DESC);
CREATE INDEX social_posts_user_feed_idx ON social_posts (user_id, created_at DESC, id DESC);
CREATE INDEX social_post_likes_post_idx ON social_post_likes (post_id);
CREATE INDEX social_post_comments_post_idx ON social_post_comments (post_id, created_at, id) WHERE parent_comment_id IS NULL;
ALTER TABLE social_posts ADD CONSTRAINT social_posts_text_length CHECK (char_length(coalesce(text_content, '')) <= 5000);
ALTER TABLE social_post_comments ADD CONSTRAINT social_post_comments_length CHECK (char_length(comment_text) <= 2000);
-- a friendship or a request is one row per pair, whoever asked first
CREATE UNIQUE INDEX user_relationships_pair_key ON user_relationships (least(requester_id, addressee_id), greatest(requester_id, addressee_id));
