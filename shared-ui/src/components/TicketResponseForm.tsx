import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../store/error-message';
import { errorMessage } from '../store/baseQuery';
import { Button } from './Button';
import { Card, CardContent, CardHeader, CardTitle } from './Card';
import { Field, FieldError, Hint, Input, Label, Textarea } from './Form';
import { toast } from './Toast';

/**
 * Answering a ticket, for its owner (mfe-support) and for an admin (mfe-admin): text and an optional
 * image or PDF; an empty text is not sent (docs/product.md). `send` is the page's mutation.
 */
export function TicketResponseForm({
  title,
  label,
  done,
  send,
  id,
}: {
  title: string;
  label: string;
  done: string;
  id: string;
  send: (text: string, attachment: File | null) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      await send(text.trim(), file);
      setText('');
      setFile(null);
      setFileKey((k) => k + 1);
      setErrors({});
      toast({ title: 'Response Added', description: done });
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to add response', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card id="respond">
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate>
          <Field>
            <Label htmlFor={`${id}-text`}>{label}</Label>
            <Textarea
              id={`${id}-text`}
              rows={4}
              maxLength={5000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={Boolean(errors.response_text) || undefined}
            />
            {errors.response_text && <FieldError>{errors.response_text}</FieldError>}
          </Field>
          <Field>
            <Label htmlFor={`${id}-attachment`}>Attachment (optional)</Label>
            <Input
              key={fileKey}
              id={`${id}-attachment`}
              type="file"
              accept="image/png,image/jpeg,image/webp,application/pdf"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Hint>An image (JPEG, PNG, WebP) or a PDF, at most 5 MB.</Hint>
            {errors.attachment && <FieldError>{errors.attachment}</FieldError>}
          </Field>
          <Button type="submit" disabled={busy || !text.trim()}>
            {busy ? 'Sending...' : 'Send Response'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
