/* @name ToggleLike */
SELECT liked AS "liked!", likes_count AS "likes_count!" FROM social_toggle_like(:userId!::uuid, :postId!::uuid);
