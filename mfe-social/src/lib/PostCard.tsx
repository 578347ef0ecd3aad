import { useState } from 'react';
import styled from 'styled-components';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Icon,
  Link,
  countOf,
  toast,
  type ApiSchema,
  type IconName,
} from '@portal/shared-ui';
import { Muted, Row, UserText, localTime, who } from './ui';

type Post = ApiSchema<'SocialPost'>;
const Box = styled(Card)`padding: 16px; display: grid; gap: 12px; min-width: 0;`;
const Media = styled.div`
  border-radius: 8px; overflow: hidden; background: ${(p) => p.theme.colors.muted};
  img, video { display: block; width: 100%; max-height: 480px; object-fit: contain; }
`;
const Kind = styled.span`display: inline-flex; color: ${(p) => p.theme.colors.mutedForeground};`;
const KIND: Record<Post['content_type'], string> = { text: 'Text post', image: 'Image post', video: 'Video post' };
const ICON: Record<Post['content_type'], IconName> = { text: 'text', image: 'image', video: 'video' };

/**
 * Share (real): the browser's share sheet where there is one, else the post's link copied.
 * The link opens the post for a signed-in user.
 */
async function share(post: Post) {
  const url = new URL(`/post/${post.id}`, location.href).href;
  try {
    if (navigator.share) return void (await navigator.share({ title: 'A post on the portal', url }));
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied', description: 'The link to this post is on your clipboard.' });
  } catch (err) {
    if ((err as Error).name !== 'AbortError')
      toast({ title: 'Could Not Share', description: url, variant: 'destructive' });
  }
}

/** A post as the feed, a profile and the post page show it; `like` and `commentsLink` where the page offers them. */
export function PostCard({
  post,
  like,
  commentsLink = true,
}: {
  post: Post;
  like?: { onToggle: () => void; busy: boolean };
  commentsLink?: boolean;
}) {
  const [copying, setCopying] = useState(false);
  const profile = post.author.username ? `/user/${post.author.username}` : `/profile/${post.author.id}`;
  return (
    <Box as="article" data-testid="post" data-post-id={post.id}>
      <Row style={{ justifyContent: 'space-between', flexWrap: 'nowrap', alignItems: 'flex-start' }}>
        <Row style={{ minWidth: 0, flexWrap: 'nowrap' }}>
          <Avatar src={post.author.avatar_url} name={who(post.author)} size={36} />
          <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Link to={profile} style={{ fontWeight: 600 }}>
              {who(post.author)}
            </Link>
            <Muted>
              <time dateTime={post.created_at}>{localTime(post.created_at)}</time>
            </Muted>
          </div>
        </Row>
        <Kind title={KIND[post.content_type]} data-testid="post-kind">
          <Icon name={ICON[post.content_type]} size={18} label={KIND[post.content_type]} />
        </Kind>
      </Row>
      {post.text_content && <UserText>{post.text_content}</UserText>}
      {post.media_url && post.content_type === 'image' && (
        <Media>
          <img
            src={post.media_url}
            alt={post.text_content ? `Image: ${post.text_content.slice(0, 80)}` : 'Image posted by ' + who(post.author)}
            loading="lazy"
          />
        </Media>
      )}
      {post.media_url && post.content_type === 'video' && (
        <Media>
          <video src={post.media_url} controls preload="metadata" aria-label={'Video posted by ' + who(post.author)} />
        </Media>
      )}
      {post.tags && (
        <Row>
          {post.tags.map((t) => (
            <Badge key={t} $kind="blue" style={{ textTransform: 'none' }}>
              #{t}
            </Badge>
          ))}
        </Row>
      )}
      <Row>
        {like ? (
          <Button
            type="button"
            $size="sm"
            $variant={post.liked_by_me ? 'default' : 'outline'}
            aria-pressed={post.liked_by_me}
            disabled={like.busy}
            onClick={like.onToggle}
          >
            <Icon name="heart" size={14} filled={post.liked_by_me} /> {countOf(post.likes_count, 'Like', 'Likes')}
          </Button>
        ) : (
          <Muted as="span" data-testid="likes">
            <Icon name="heart" size={14} /> {countOf(post.likes_count, 'Like', 'Likes')}
          </Muted>
        )}
        {commentsLink ? (
          <Button as={Link} to={`/post/${post.id}`} $size="sm" $variant="ghost">
            {countOf(post.comments_count, 'Comment', 'Comments')}
          </Button>
        ) : (
          <Muted as="span">{countOf(post.comments_count, 'Comment', 'Comments')}</Muted>
        )}
        <Button
          type="button"
          $size="sm"
          $variant="ghost"
          disabled={copying}
          onClick={() => {
            setCopying(true);
            void share(post).finally(() => setCopying(false));
          }}
        >
          Share
        </Button>
      </Row>
    </Box>
  );
}
