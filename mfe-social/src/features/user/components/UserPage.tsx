import { useState } from 'react';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CenteredMessage,
  Link,
  Spinner,
  errorMessage,
  formatDate,
  toast,
  useParams,
  isNotFound,
} from '@portal/shared-ui';
import { PostCard } from '../../../lib/PostCard';
import { Back, Muted, Narrow, Row, who } from '../../../lib/ui';
import { useBefriendMutation, useGetPersonPostsQuery, useGetPersonQuery } from '../api/user';

const FRIEND_ACTION = {
  none: { label: 'Add Friend', add: true, done: 'Friend Request Sent' },
  requested: { label: 'Cancel Request', add: false, done: 'Friend Request Cancelled' },
  incoming: { label: 'Accept Friend Request', add: true, done: 'You Are Now Friends' },
  friends: { label: 'Remove Friend', add: false, done: 'Friend Removed' },
} as const;

function Posts({ id }: { id: string }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <>
      {cursors.map((c, i) => (
        <PostsChunk
          key={c ?? 'first'}
          id={id}
          cursor={c}
          last={i === cursors.length - 1}
          onMore={(n) => setCursors((x) => [...x, n])}
        />
      ))}
    </>
  );
}
function PostsChunk({
  id,
  cursor,
  last,
  onMore,
}: {
  id: string;
  cursor?: string;
  last: boolean;
  onMore: (c: string) => void;
}) {
  const { data, isLoading } = useGetPersonPostsQuery({ id, cursor });
  if (isLoading) return <Muted role="status">Loading posts...</Muted>;
  if (!data) return <Muted role="alert">Posts could not be loaded.</Muted>;
  if (!cursor && data.posts.length === 0) return <Muted data-testid="no-person-posts">No posts yet.</Muted>;
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

/** /user/{username} and /profile/{user_id}: a person as their privacy allows, Add Friend, Message, their posts. */
export function UserPage() {
  const { username, userId } = useParams();
  const ref = username ?? userId ?? '';
  const { data, isLoading, error } = useGetPersonQuery(ref);
  const [befriend, { isLoading: busy }] = useBefriendMutation();
  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading profile...
      </CenteredMessage>
    );
  if (!data)
    return (
      <Narrow>
        <Back to="/feed">← Back to Feed</Back>
        <CenteredMessage role="alert" data-testid="user-not-found">
          {isNotFound(error) ? 'User not found.' : `Error fetching data: ${errorMessage(error)}`}
        </CenteredMessage>
      </Narrow>
    );
  const { profile, relationship, can_see_posts: canSee } = data;
  const action = relationship === 'self' ? null : FRIEND_ACTION[relationship];
  const onFriend = async () => {
    if (!action) return;
    try {
      await befriend({ id: profile.id, add: action.add }).unwrap();
      toast({ title: action.done, description: who(profile) });
    } catch (err) {
      toast({ title: 'Failed to Update Friendship', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Narrow style={{ display: 'grid', gap: 16 }}>
      <Back to="/feed">← Back to Feed</Back>
      <Card data-testid="person">
        <CardContent style={{ paddingTop: 20 }}>
          <Row style={{ gap: 16 }}>
            <Avatar src={profile.avatar_url} name={who(profile)} size={64} />
            <div style={{ minWidth: 0 }}>
              <h1 style={{ margin: 0, fontSize: 24, overflowWrap: 'anywhere' }}>{who(profile)}</h1>
              {profile.username && <Muted>@{profile.username}</Muted>}
              {profile.member_since && (
                <Muted>Member since {formatDate(profile.member_since, { month: 'long', year: 'numeric' })}</Muted>
              )}
              {relationship === 'friends' && <Muted>Friends</Muted>}
            </div>
          </Row>
          {action && (
            <Row style={{ marginTop: 16 }}>
              <Button type="button" $variant={action.add ? 'default' : 'outline'} disabled={busy} onClick={onFriend}>
                {action.label}
              </Button>
              <Button as={Link} to={`/messages/new/${profile.id}`} $variant="outline">
                Message
              </Button>
            </Row>
          )}
        </CardContent>
      </Card>
      <h2 style={{ margin: '8px 0 0', fontSize: 18 }}>Posts</h2>
      {canSee ? (
        <Posts id={profile.id} />
      ) : (
        <Muted data-testid="posts-hidden">
          {profile.privacy === 'private' ? 'This profile is private.' : 'Only friends see these posts.'}
        </Muted>
      )}
    </Narrow>
  );
}
