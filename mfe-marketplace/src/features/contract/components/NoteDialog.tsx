import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Field,
  FieldError,
  Label,
  Textarea,
} from '@portal/shared-ui';

/** A dialog asking for a text (submission notes, a change request, a dispute reason); `required` refuses an empty one. */
export function NoteDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  action,
  required,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description: string;
  label: string;
  action: string;
  required: boolean;
  busy: boolean;
  onConfirm: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (required && !text.trim()) return setError('Please fill in all required fields.');
    onConfirm(text.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) {
          setText('');
          setError('');
        }
      }}
      label={title}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <Field>
          <Label htmlFor="note-text">{label}</Label>
          <Textarea
            id="note-text"
            rows={4}
            maxLength={2000}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError('');
            }}
          />
          {error && <FieldError>{error}</FieldError>}
        </Field>
        <DialogFooter>
          <Button type="button" $variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : action}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
