import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import {
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  errorMessage,
  Field,
  Input,
  Label,
  signedOut,
  toast,
} from '@portal/shared-ui';
import { fieldError, useDeleteAccountMutation, useLazyGetDeletionCheckQuery } from '../api/profile-api';
import { ErrorText, Section, Text } from './ui';

const List = styled.ul`margin: 0 0 12px; padding-left: 20px; font-size: 14px; color: ${(p) => p.theme.colors.mutedForeground}; li { margin: 4px 0; }`;
const Danger = styled(Section)`border-color: #fecaca;`;
const Blocked = styled.div`background: #fef2f2; color: #991b1b; border-radius: 8px; padding: 12px; font-size: 14px; margin-bottom: 8px;`;

function Explanation() {
  return (
    <List>
      <li>You are signed out on every device and can no longer sign in.</li>
      <li>Your name, username, photo, PIN, limits, hashtags and linked bank accounts are removed.</li>
      <li>
        Your transactions stay in our records and in the histories of the people you paid or were paid by, shown as
        “Deleted user”.
      </li>
      <li>An account whose wallets still hold money cannot be deleted: send or withdraw every balance first.</li>
    </List>
  );
}

/** Account deletion: explains, refuses while a wallet holds money (naming it), asks for the password. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [check, { data: status, isFetching: checking }] = useLazyGetDeletionCheckQuery();
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const dispatch = useDispatch();

  function start() {
    setPassword('');
    setProblem(null);
    setOpen(true);
    void check(undefined, false);
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setProblem('Enter your password.');
      return;
    }
    try {
      await remove({ password }).unwrap();
      setOpen(false);
      // Ending the local session lets the shell's route guard take the user to the sign-in page.
      dispatch(signedOut());
      toast({
        title: 'Account Deleted',
        description: 'Your account has been deleted and you have been signed out.',
        variant: 'success',
      });
    } catch (err) {
      setProblem(fieldError(err, 'password') ?? errorMessage(err));
      if ((err as { status?: number }).status === 409) void check(undefined, false);
    }
  }

  const blocked = status && !status.can_delete;
  return (
    <Danger data-testid="delete-account-card">
      <CardHeader>
        <CardTitle>Delete Account</CardTitle>
        <CardDescription>Permanently close your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <Explanation />
        <Button type="button" $size="sm" $variant="destructive" onClick={start}>
          Delete Account
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={(o) => !isLoading && setOpen(o)} label="Delete account">
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone.</DialogDescription>
        {checking && !status ? (
          <Text>Checking your wallets...</Text>
        ) : blocked ? (
          <>
            <Blocked role="alert" data-testid="delete-blocked">
              Your account cannot be deleted while your wallets hold money:{' '}
              <strong>{status.wallets.map((w) => `${w.symbol} ${w.balance}`).join(', ')}</strong>. Send or withdraw
              these balances first.
            </Blocked>
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => setOpen(false)}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit}>
            <Explanation />
            <Field>
              <Label htmlFor="delete-password">Enter your password to confirm</Label>
              <Input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                disabled={isLoading}
              />
              {problem && <ErrorText role="alert">{problem}</ErrorText>}
            </Field>
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => setOpen(false)} disabled={isLoading}>
                Cancel
              </Button>
              <Button type="submit" $variant="destructive" disabled={isLoading}>
                {isLoading ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </Dialog>
    </Danger>
  );
}
