-- Social feed definitions.
--
-- Invariant SO1: social_posts.likes_count is the number of social_post_likes rows of the post, and
-- comments_count the number of its social_post_comments rows, at every commit: the triggers below
-- move the count in the same statement as the row (an UPDATE under the post's row lock), so
-- concurrent likes and unlikes never lose a step (never read-modify-write in the application).
-- The CHECKs likes_count >= 0 and comments_count >= 0 (init migration) stop a count going below zero.
-- Invariant SO2: a person likes a post at most once (UNIQUE (user_id, post_id)), and the toggles of
-- one post run one after another (social_toggle_like takes the post's row lock first): two clicks at
-- once by the same person end where two clicks in a row would, and the count returned is the count
-- at the toggle's commit.

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

-- docs/product.md "Feed and profiles": the caller's like is removed if it exists, else added. No row when the
-- post does not exist.
CREATE OR REPLACE FUNCTION social_toggle_like(p_user uuid, p_post uuid) RETURNS TABLE (liked boolean, likes_count integer)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM social_posts p WHERE p.id = p_post FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  DELETE FROM social_post_likes l WHERE l.user_id = p_user AND l.post_id = p_post;
  liked := NOT FOUND;
  IF liked THEN
    INSERT INTO social_post_likes (user_id, post_id) VALUES (p_user, p_post) ON CONFLICT (user_id, post_id) DO NOTHING;
  END IF;
  SELECT p.likes_count INTO likes_count FROM social_posts p WHERE p.id = p_post;
  RETURN NEXT;
END $$;
