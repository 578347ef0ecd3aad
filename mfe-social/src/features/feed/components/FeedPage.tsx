import { useEffect, useState } from 'react';
import { Button, CenteredMessage, Link, Spinner, errorMessage, toast } from '@portal/shared-ui';
import { PostCard } from '../../../lib/PostCard';
import { Muted, Narrow, PageHead } from '../../../lib/ui';
import { useGetFeedQuery } from '../api/feed';

/** One page of 10; the last one offers Load More Posts when there is a next cursor. */
function FeedChunk({ cursor, last, onMore }: { cursor?: string; last: boolean; onMore: (cursor: string) => void }) {
  const { data, error, isFetching } = useGetFeedQuery({ cursor });
  useEffect(() => {
    if (error) toast({ title: 'Error fetching posts', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <CenteredMessage role="status">
        <Spinner /> Loading posts...
      </CenteredMessage>
    ) : error ? (
      <Muted role="alert">Posts could not be loaded. Please try again.</Muted>
    ) : null;
  if (!cursor && data.posts.length === 0) {
    return (
      <CenteredMessage data-testid="no-posts">
        <div>
          <h2>No Posts Yet</h2>
          <Muted>Be the first to share something!</Muted>
        </div>
      </CenteredMessage>
    );
  }
  return (
    <>
      {data.posts.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
      {last && data.next_cursor && (
        <Button type="button" $variant="outline" onClick={() => onMore(data.next_cursor!)}>
          Load More Posts
        </Button>
      )}
    </>
  );
}

/** /feed (docs/product.md "Feed and profiles"): posts newest first, Create Post, Load More Posts. */
export function FeedPage() {
  const [cursors, setCursors] = useState<string[]>([]);
  return (
    <Narrow>
      <PageHead>
        <div>
          <h1>Feed</h1>
          <p>What people on the portal share about money, work and ideas.</p>
        </div>
        <Button as={Link} to="/create-post">
          Create Post
        </Button>
      </PageHead>
      <div style={{ display: 'grid', gap: 16 }}>
        {[undefined, ...cursors].map((c, i) => (
          <FeedChunk
            key={c ?? 'first'}
            cursor={c}
            last={i === cursors.length}
            onMore={(next) => setCursors((x) => [...x, next])}
          />
        ))}
      </div>
    </Narrow>
  );
}
