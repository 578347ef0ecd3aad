import { useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Field,
  FieldError,
  Hint,
  Input,
  Label,
  Select,
  Textarea,
  errorMessage,
  fieldErrors,
  toast,
  useNavigate,
} from '@portal/shared-ui';
import { Narrow } from '../../../lib/ui';
import { useCreatePostMutation, type NewPost } from '../api/create-post';

type Kind = NewPost['content_type'];
/** docs/product.md "Feed and profiles" 'Please select an {image|video} file.', as the server says it (the article English wants). */
const NO_FILE = { image: 'Please select an image file.', video: 'Please select a video file.' } as const;
/** The type follows the chosen file (docs/product.md "Feed and profiles"); the server checks the bytes. */
const kindOf = (file: File): Kind | null =>
  file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : null;

/** /create-post (docs/product.md "Feed and profiles"): content type, message, file, tags. Back returns to the previous page. */
export function CreatePostPage() {
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreatePostMutation();
  const [kind, setKind] = useState<Kind>('text');
  const [text, setText] = useState('');
  const [tags, setTags] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const chooseFile = (f: File | null) => {
    setFile(f);
    const k = f && kindOf(f);
    if (k) setKind(k);
    setErrors({});
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'text' && !text.trim()) {
      setErrors({ text_content: 'Please write something for your text post.' });
      return toast({
        title: 'Empty Post',
        description: 'Please write something for your text post.',
        variant: 'destructive',
      });
    }
    if (kind !== 'text' && !file) {
      setErrors({ file: NO_FILE[kind] });
      return toast({ title: 'No File Selected', description: NO_FILE[kind], variant: 'destructive' });
    }
    try {
      await create({
        content_type: kind,
        text_content: text.trim(),
        tags,
        file: kind === 'text' ? null : file,
      }).unwrap();
      toast({ title: 'Post Created', description: 'Your post is on the feed.' });
      navigate('/feed');
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to Create Post', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const error = (k: string) => (errors[k] ? <FieldError id={`${k}-error`}>{errors[k]}</FieldError> : null);
  return (
    <Narrow>
      <Button type="button" $variant="ghost" $size="sm" onClick={() => navigate(-1)} style={{ marginBottom: 12 }}>
        ← Back
      </Button>
      <Card>
        <CardHeader>
          <CardTitle as="h1">Create Post</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate>
            <Field>
              <Label htmlFor="content_type">Content type</Label>
              <Select
                id="content_type"
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as Kind);
                  setErrors({});
                }}
              >
                <option value="text">Text</option>
                <option value="image">Image</option>
                <option value="video">Video</option>
              </Select>
            </Field>
            <Field>
              <Label htmlFor="text_content">Message</Label>
              <Textarea
                id="text_content"
                rows={5}
                maxLength={5000}
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={Boolean(errors.text_content) || undefined}
                placeholder="What would you like to share?"
              />
              {error('text_content')}
            </Field>
            {kind !== 'text' && (
              <Field>
                <Label htmlFor="file">{kind === 'image' ? 'Image file' : 'Video file'}</Label>
                <Input
                  id="file"
                  type="file"
                  accept="image/*,video/*"
                  onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
                  aria-invalid={Boolean(errors.file) || undefined}
                />
                <Hint>{kind === 'image' ? 'JPEG, PNG or WebP, at most 5 MB.' : 'MP4 or WebM, at most 25 MB.'}</Hint>
                {error('file')}
              </Field>
            )}
            <Field>
              <Label htmlFor="tags">Tags (comma separated)</Label>
              <Input
                id="tags"
                value={tags}
                maxLength={400}
                onChange={(e) => setTags(e.target.value)}
                placeholder="savings, budgeting"
              />
              {error('tags')}
            </Field>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? 'Posting...' : 'Post'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Narrow>
  );
}
