-- Social feed definitions (issue 17).
--
-- Invariant SO1: social_posts.likes_count is the number of social_post_likes rows of the post, and
-- comments_count the number of its social_post_comments rows, at every commit: the triggers below
-- move the count in the same statement as the row (an UPDATE under the post's row lock), so
-- concurrent likes and unlikes never lose a step (never read-modify-write in the application).

CREATE OR REPLACE FUNCTION social_post_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE social_posts SET likes_count = likes_count + 1 WHERE id = NEW.post_id;
  ELSE
    UPDATE social_posts SET likes_count = likes_count - 1 WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER social_post_likes_count AFTER INSERT OR DELETE ON social_post_likes
  FOR EACH ROW EXECUTE FUNCTION social_post_likes_count();

CREATE OR REPLACE FUNCTION social_post_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE social_posts SET comments_count = comments_count + 1 WHERE id = NEW.post_id;
  ELSE
    UPDATE social_posts SET comments_count = comments_count - 1 WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER social_post_comments_count AFTER INSERT OR DELETE ON social_post_comments
  FOR EACH ROW EXECUTE FUNCTION social_post_comments_count();
