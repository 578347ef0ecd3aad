import { createRouter } from '../../platform/http/router.js';
import * as comments from './comments/handlers.js';
import { listCommentsRoute, postCommentRoute } from './comments/routes.js';
import * as friends from './friends/handlers.js';
import { addFriendRoute, removeFriendRoute } from './friends/routes.js';
import * as likes from './likes/handlers.js';
import { likeRoute } from './likes/routes.js';
import * as media from './media/handlers.js';
import { mediaRoute } from './media/routes.js';
import * as posts from './posts/handlers.js';
import { createPostRoute, feedRoute, showPostRoute } from './posts/routes.js';
import * as users from './users/handlers.js';
import { profileRoute, userPostsRoute } from './users/routes.js';

/**
 * /api/social. /posts and /posts/{id} -> posts/ (feed, create, show); /posts/{id}/like -> likes/;
 * /posts/{id}/comments -> comments/; /media/{key} -> media/; /users/{ref} and /users/{id}/posts ->
 * users/; /users/{id}/friend -> friends/. Who sees whose posts: privacy.ts. Counts: prisma/sql/social.sql.
 * Shapes: schemas.ts; rows -> JSON: views.ts.
 */
export const router = createRouter()
  .openapi(feedRoute, posts.feed)
  .openapi(createPostRoute, posts.create)
  .openapi(showPostRoute, posts.show)
  .openapi(likeRoute, likes.toggle)
  .openapi(listCommentsRoute, comments.list)
  .openapi(postCommentRoute, comments.post)
  .openapi(mediaRoute, media.file)
  .openapi(userPostsRoute, users.posts)
  .openapi(profileRoute, users.profile)
  .openapi(addFriendRoute, friends.add)
  .openapi(removeFriendRoute, friends.remove);
