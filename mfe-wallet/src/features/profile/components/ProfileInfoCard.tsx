import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Avatar,
  Badge,
  Button,
  CardContent,
  CardHeader,
  CardTitle,
  errorMessage,
  Input,
  toast,
} from '@portal/shared-ui';
import {
  useRemoveAvatarMutation,
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  type Profile,
} from '../api/profile-api';
import { Actions, Muted, Row, RowLabel, RowValue, Section } from './ui';
import { fullNameError, imageError, usernameError } from './validation';

const Head = styled.div`display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 8px;`;
const Who = styled.div`flex: 1; min-width: 0; h2 { margin: 0; font-size: 20px; } p { margin: 2px 0 0; }`;
const EditForm = styled.form`display: flex; gap: 8px; flex: 1; flex-wrap: wrap; align-items: center; input { flex: 1; min-width: 180px; }`;

type FieldName = 'full_name' | 'username';

/** One inline-editable field: display <-> edit; Cancel restores the stored value (docs/product.md "Profile, PIN and KYC"). */
function EditableField({
  label,
  field,
  value,
  prefix,
  placeholder,
}: {
  label: string;
  field: FieldName;
  value: string | null;
  prefix?: string;
  placeholder?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const [update, { isLoading }] = useUpdateProfileMutation();
  const invalidTitle = field === 'full_name' ? 'Invalid Name' : 'Invalid Username';

  function start() {
    setDraft(value ?? '');
    setEditing(true);
  }
  function cancel() {
    setDraft(value ?? '');
    setEditing(false);
  }
  async function save(e: FormEvent) {
    e.preventDefault();
    const problem = field === 'full_name' ? fullNameError(draft) : usernameError(draft);
    if (problem) {
      toast({ title: invalidTitle, description: problem, variant: 'destructive' });
      return;
    }
    try {
      await update({ [field]: draft.trim() }).unwrap();
      setEditing(false);
      toast({ title: 'Profile Updated', description: `${label} saved.`, variant: 'success' });
    } catch (err) {
      const status = (err as { status?: number }).status;
      toast({
        title: status === 400 || status === 409 ? invalidTitle : 'Update Failed',
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  }
  const id = `profile-${field}`;
  return (
    <Row data-testid={`field-${field}`}>
      <RowLabel as="label" htmlFor={id}>
        {label}
      </RowLabel>
      {editing ? (
        <EditForm onSubmit={save}>
          <Input
            id={id}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={placeholder}
            autoFocus
            disabled={isLoading}
            maxLength={field === 'username' ? 40 : 120}
          />
          <Button type="submit" $size="sm" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save'}
          </Button>
          <Button type="button" $size="sm" $variant="outline" onClick={cancel} disabled={isLoading}>
            Cancel
          </Button>
        </EditForm>
      ) : (
        <>
          <RowValue data-testid={`${field}-value`}>
            {value ? `${prefix ?? ''}${value}` : <Muted>Not set</Muted>}
          </RowValue>
          <Button type="button" $size="sm" $variant="ghost" onClick={start} aria-label={`Edit ${label}`}>
            Edit
          </Button>
        </>
      )}
    </Row>
  );
}

export function ProfileInfoCard({ profile }: { profile: Profile }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [upload, { isLoading: uploading }] = useUploadAvatarMutation();
  const [remove, { isLoading: removing }] = useRemoveAvatarMutation();

  async function onFile(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const problem = imageError(file, 2);
    if (problem) {
      toast({ title: 'Upload Failed', description: problem, variant: 'destructive' });
      return;
    }
    try {
      await upload(file).unwrap();
      toast({ title: 'Profile Updated', description: 'Your photo was updated.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Upload Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }
  async function onRemove() {
    try {
      await remove().unwrap();
      toast({ title: 'Profile Updated', description: 'Your photo was removed.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Update Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  const display = profile.full_name || profile.email;
  return (
    <Section data-testid="profile-card">
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
      </CardHeader>
      <CardContent>
        <Head>
          <Avatar src={profile.avatar_url} name={display} size={72} />
          <Who>
            <h2>{display}</h2>
            {profile.username && (
              <p>
                <Muted>@{profile.username}</Muted>
              </p>
            )}
            {profile.is_accredited_investor && (
              <Badge $kind="blue" style={{ marginTop: 6 }}>
                Accredited Investor
              </Badge>
            )}
          </Who>
          <Actions>
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hidden
              data-testid="avatar-input"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            <Button
              type="button"
              $size="sm"
              $variant="outline"
              onClick={() => fileRef.current?.click()}
              disabled={uploading}
            >
              {uploading ? 'Uploading...' : profile.avatar_url ? 'Change photo' : 'Upload photo'}
            </Button>
            {profile.avatar_url && (
              <Button type="button" $size="sm" $variant="ghost" onClick={onRemove} disabled={removing}>
                Remove
              </Button>
            )}
          </Actions>
        </Head>
        <EditableField key={`n-${profile.full_name}`} label="Full Name" field="full_name" value={profile.full_name} />
        <EditableField
          key={`u-${profile.username}`}
          label="Username"
          field="username"
          value={profile.username}
          prefix="@"
          placeholder="Choose a unique username"
        />
        <Row>
          <RowLabel>Email</RowLabel>
          <RowValue data-testid="email-value">{profile.email || <Muted>Not set</Muted>}</RowValue>
        </Row>
      </CardContent>
    </Section>
  );
}
