import { useState, type FormEvent } from 'react';
import { Button, errorMessage, Field, Input, Label, signInWithPassword, toast, useLocation, useNavigate } from '@portal/shared-ui';

/** Email + password login (spec 000 §2 Authentication: Login card). */
export function LoginForm({ busy, setBusy }: { busy: boolean; setBusy: (b: boolean) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await signInWithPassword(email, password);
      toast({ title: 'Login Successful', description: 'Welcome back!', variant: 'success' });
      navigate(from && from !== '/auth' ? from : '/dashboard', { replace: true });
    } catch (err) {
      toast({ title: 'Login Failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Email login">
      <Field>
        <Label htmlFor="login-email">Email</Label>
        <Input id="login-email" type="email" autoComplete="email" required placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
      </Field>
      <Field>
        <Label htmlFor="login-password">Password</Label>
        <Input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} disabled={busy} />
      </Field>
      <Button type="submit" $block disabled={busy}>{busy ? 'Logging in...' : 'Login'}</Button>
    </form>
  );
}
