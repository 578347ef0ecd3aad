import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  errorMessage,
  Field,
  Input,
  Label,
  toast,
} from '@portal/shared-ui';
import { useDeleteUserMutation, useUpdateUserMutation, type AdminUser } from '../api/get-users';

const Actions = styled.div`display: flex; gap: 6px; flex-wrap: nowrap;`;
const Err = styled.p`color: ${(p) => p.theme.colors.destructive}; font-size: 13px; margin: 6px 0 0;`;
const Check = styled.label`display: flex; gap: 8px; align-items: center; font-size: 14px; margin-bottom: 8px;`;

function usernameProblem(v: string): string | null {
  const s = v.trim();
  if (!s) return 'Username cannot be empty.';
  if (s.length < 3 || s.length > 20) return 'Username must be 3-20 characters.';
  if (!/^[A-Za-z0-9_]+$/.test(s)) return 'Username can only contain letters, numbers, and underscores.';
  return null;
}
const fieldsOf = (e: unknown) => (e as { details?: { fields?: Record<string, string> } })?.details?.fields ?? {};

type Mode = 'edit' | 'admin' | 'delete' | null;

/** Edit (name, username, accredited flag), toggle admin, delete: each behind a confirmation; the server checks and audits. */
export function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [mode, setMode] = useState<Mode>(null);
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [accredited, setAccredited] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [update, { isLoading: saving }] = useUpdateUserMutation();
  const [remove, { isLoading: deleting }] = useDeleteUserMutation();
  const busy = saving || deleting;
  const who = user.full_name || user.email || 'this user';

  function open(m: Mode) {
    setErrors({});
    setName(user.full_name ?? '');
    setUsername(user.username ?? '');
    setAccredited(user.is_accredited_investor ?? false);
    setMode(m);
  }

  async function saveEdit(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.full_name = 'Full name cannot be empty.';
    const uErr = username.trim() || user.username ? usernameProblem(username) : null;
    if (uErr) errs.username = uErr;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const patch: Record<string, unknown> = {};
    if (name.trim() !== (user.full_name ?? '')) patch.full_name = name.trim();
    if (username.trim() && username.trim() !== (user.username ?? '')) patch.username = username.trim();
    if (accredited !== (user.is_accredited_investor ?? false)) patch.is_accredited_investor = accredited;
    if (!Object.keys(patch).length) {
      setMode(null);
      return;
    }
    try {
      await update({ id: user.id, patch }).unwrap();
      toast({ title: 'User Updated', description: `${name.trim()} was saved.`, variant: 'success' });
      setMode(null);
    } catch (err) {
      setErrors(fieldsOf(err));
      toast({ title: 'Update Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }
  async function toggleAdmin() {
    try {
      await update({ id: user.id, patch: { is_admin: !user.is_admin } }).unwrap();
      toast({
        title: 'User Updated',
        description: user.is_admin ? `${who} is no longer an admin.` : `${who} is now an admin.`,
        variant: 'success',
      });
      setMode(null);
    } catch (err) {
      toast({ title: 'Update Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }
  async function doDelete() {
    setErrors({});
    try {
      await remove(user.id).unwrap();
      toast({
        title: 'User Deleted',
        description: `${who}'s account was deleted. Their transactions are kept.`,
        variant: 'success',
      });
      setMode(null);
    } catch (err) {
      setErrors({ delete: errorMessage(err) });
      toast({ title: 'Delete Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  if (user.deleted) return <span style={{ color: '#64748b', fontSize: 13 }}>Deleted</span>;
  return (
    <Actions>
      <Button type="button" $size="sm" $variant="outline" onClick={() => open('edit')}>
        Edit
      </Button>
      <Button
        type="button"
        $size="sm"
        $variant="secondary"
        onClick={() => open('admin')}
        disabled={isSelf && user.is_admin}
        title={isSelf ? 'You cannot remove your own admin access' : undefined}
      >
        {user.is_admin ? 'Revoke Admin' : 'Make Admin'}
      </Button>
      <Button type="button" $size="sm" $variant="destructive" onClick={() => open('delete')} disabled={isSelf}>
        Delete
      </Button>

      <Dialog open={mode !== null} onOpenChange={(o) => !o && !busy && setMode(null)} label="User action">
        {mode === 'edit' && (
          <form onSubmit={saveEdit}>
            <DialogTitle>Edit user</DialogTitle>
            <DialogDescription>{user.email}. Changes are recorded in the audit log.</DialogDescription>
            <Field>
              <Label htmlFor="edit-name">Full Name</Label>
              <Input id="edit-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
              {errors.full_name && <Err role="alert">{errors.full_name}</Err>}
            </Field>
            <Field>
              <Label htmlFor="edit-username">Username</Label>
              <Input
                id="edit-username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                placeholder="Choose a unique username"
                maxLength={40}
              />
              {errors.username && <Err role="alert">{errors.username}</Err>}
            </Field>
            <Check>
              <input type="checkbox" checked={accredited} onChange={(e) => setAccredited(e.target.checked)} />{' '}
              Accredited investor
            </Check>
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => setMode(null)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {saving ? 'Saving...' : 'Save changes'}
              </Button>
            </DialogFooter>
          </form>
        )}
        {mode === 'admin' && (
          <>
            <DialogTitle>{user.is_admin ? 'Revoke admin access?' : 'Make this user an admin?'}</DialogTitle>
            <DialogDescription>
              {user.is_admin
                ? `${who} will lose access to the admin panel at once.`
                : `${who} will be able to review identities, edit and delete users, and manage tickets.`}
            </DialogDescription>
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => setMode(null)} disabled={busy}>
                Cancel
              </Button>
              <Button type="button" onClick={toggleAdmin} disabled={busy}>
                {user.is_admin ? 'Revoke Admin' : 'Make Admin'}
              </Button>
            </DialogFooter>
          </>
        )}
        {mode === 'delete' && (
          <>
            <DialogTitle>Delete {who}?</DialogTitle>
            <DialogDescription>
              The user is signed out everywhere, can no longer sign in, and their personal data is removed. Their
              transactions stay in the records and in their counterparties' histories as “Deleted user”. Refused while
              any of their wallets holds money.
            </DialogDescription>
            {errors.delete && <Err role="alert">{errors.delete}</Err>}
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => setMode(null)} disabled={busy}>
                Cancel
              </Button>
              <Button type="button" $variant="destructive" onClick={doDelete} disabled={busy}>
                {deleting ? 'Deleting...' : 'Delete user'}
              </Button>
            </DialogFooter>
          </>
        )}
      </Dialog>
    </Actions>
  );
}
