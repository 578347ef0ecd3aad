import { useEffect, useState, type FormEvent } from 'react';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Field,
  FieldError,
  Label,
  Spinner,
  Textarea,
  errorMessage,
  fieldErrors,
  toast,
  useNavigate,
  useParams,
  readFailure,
} from '@portal/shared-ui';
import { PostCard } from '../../../lib/PostCard';
import { Back, Muted, Narrow, Row, UserText, localTime, who } from '../../../lib/ui';
import { useGetCommentsQuery, useGetPostQuery, usePostCommentMutation, useToggleLikeMutation } from '../api/post';

function Comments({ postId }: { postId: string }) {
  const { data, isLoading, error } = useGetCommentsQuery(postId);
  const [send, { isLoading: sending }] = usePostCommentMutation();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setFieldError('Please write a comment.');
    try {
      await send({ id: postId, comment_text: text.trim() }).unwrap();
      setText('');
      setFieldError('');
      toast({ title: 'Comment Posted!', description: 'Your comment is under the post.' });
    } catch (err) {
      setFieldError(fieldErrors(err).comment_text ?? '');
      toast({ title: 'Failed to post comment', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Comments</CardTitle>
      </CardHeader>
      <CardContent style={{ display: 'grid', gap: 14 }}>
        {isLoading ? (
          <Muted role="status">Loading comments...</Muted>
        ) : error ? (
          <Muted role="alert">Comments could not be loaded.</Muted>
        ) : data?.comments.length === 0 ? (
          <Muted data-testid="no-comments">No comments yet.</Muted>
        ) : (
          data?.comments.map((k) => (
            <div key={k.id} data-testid="comment">
              <Row>
                <Avatar src={k.commenter.avatar_url} name={who(k.commenter)} size={28} />
                <strong>{who(k.commenter)}</strong>
                <Muted as="span">{localTime(k.created_at)}</Muted>
              </Row>
              <UserText style={{ marginTop: 6 }}>{k.comment_text}</UserText>
            </div>
          ))
        )}
        <form onSubmit={submit} noValidate>
          <Field>
            <Label htmlFor="comment_text">Add a comment</Label>
            <Textarea
              id="comment_text"
              rows={3}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={Boolean(fieldError) || undefined}
            />
            {fieldError && <FieldError>{fieldError}</FieldError>}
          </Field>
          <Button type="submit" disabled={sending}>
            {sending ? 'Posting...' : 'Post Comment'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /post/{postId} (docs/product.md "Feed and profiles"): the post with its like toggle, comments oldest first, the comment form; Back to /feed. */
export function PostPage() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, error } = useGetPostQuery(postId);
  const [toggle, { isLoading: liking }] = useToggleLikeMutation();
  useEffect(() => {
    if (!error) return;
    toast({ title: 'Error fetching post', description: readFailure(error, 'Post not found.'), variant: 'destructive' });
    navigate('/feed');
  }, [error, navigate]);
  if (isLoading || !data)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading post...
      </CenteredMessage>
    );
  const onLike = () =>
    toggle(postId)
      .unwrap()
      .catch((err) => toast({ title: 'Error liking post', description: errorMessage(err), variant: 'destructive' }));
  return (
    <Narrow style={{ display: 'grid', gap: 16 }}>
      <Back to="/feed">← Back to Feed</Back>
      <PostCard post={data.post} like={{ onToggle: onLike, busy: liking }} commentsLink={false} />
      <Comments postId={postId} />
    </Narrow>
  );
}
