import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger, toast, useSearchParams } from '@portal/shared-ui';
import { authApi, authorizeUrl, type AuthConfig, type OAuthProvider } from './api';
import { LoginForm } from './LoginForm';
import { useGoogleOneTap } from './oneTap';
import { PhoneLogin } from './PhoneLogin';
import { SignUpForm } from './SignUpForm';

const Wrap = styled.div`max-width: 440px; margin: 24px auto 32px;`;
const Heading = styled.h1`font-size: 24px; text-align: center; margin: 0 0 20px; letter-spacing: -0.01em;`;

type Tab = 'email' | 'signup' | 'phone';
const PROVIDER_NAME: Record<OAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * /auth (spec 000 §2 Authentication). Three tabs, Email Login first. One `busy` flag for the
 * whole page: every form (and the tabs) is disabled while any auth action runs.
 * Notices arriving in the query: ?confirmed=1 / ?confirm_error= (e-mail confirmation link),
 * ?error=&provider= (OAuth failure), ?tab=signup|phone (deep links, e.g. Sign Up Now).
 */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const initialTab = (['email', 'signup', 'phone'] as const).find((t) => t === params.get('tab')) ?? 'email';
  const [tab, setTab] = useState<Tab>(initialTab);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [config, setConfig] = useState<AuthConfig | null>(null);
  const [prefill, setPrefill] = useState<{ email?: string; phone?: string; phoneStep?: 'otp'; key: number }>({ key: 0 });

  const run = useCallback(async (fn: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await fn();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  // Notices from redirects, shown once, then removed from the address.
  useEffect(() => {
    const confirmed = params.get('confirmed');
    const confirmError = params.get('confirm_error');
    const error = params.get('error');
    if (confirmed) toast({ title: 'Email Confirmed', description: 'Your email address is confirmed. You can log in now.', variant: 'success' });
    if (confirmError) toast({ title: 'Email Confirmation Failed', description: confirmError, variant: 'destructive' });
    if (error) toast({ title: `${params.get('provider') ?? 'OAuth'} Login Failed`, description: error, variant: 'destructive' });
    if (confirmed || confirmError || error || params.get('tab')) setParams({}, { replace: true });
  }, []);

  useEffect(() => {
    let live = true;
    authApi.config().then((c) => live && setConfig(c), () => live && setConfig({ google_client_id: null, providers: { google: false, facebook: false } }));
    return () => { live = false; };
  }, []);
  useGoogleOneTap(config, run);

  const onProvider = useCallback((provider: OAuthProvider) => {
    void run(async () => {
      const cfg = config ?? (await authApi.config().catch(() => null));
      if (cfg && !cfg.providers[provider]) {
        toast({ title: `${PROVIDER_NAME[provider]} Login Failed`, description: `${PROVIDER_NAME[provider]} sign-in is not configured on this server.`, variant: 'destructive' });
        return;
      }
      window.location.assign(authorizeUrl(provider));
      await new Promise(() => {}); // stay busy while the browser leaves
    });
  }, [config, run]);

  const tabs: { value: Tab; label: string; title: string; description: string; body: ReactNode }[] = [
    { value: 'email', label: 'Email Login', title: 'Login', description: 'Access your account with your email and password.',
      body: <LoginForm key={`l${prefill.key}`} busy={busy} run={run} onProvider={onProvider} initialEmail={prefill.email} /> },
    { value: 'signup', label: 'Sign Up', title: 'Sign Up', description: 'Create a new account to get started.',
      body: <SignUpForm busy={busy} run={run} onProvider={onProvider} onDone={(r) => {
        setPrefill((p) => ({ key: p.key + 1, email: r.email, phone: r.phone, phoneStep: r.phoneOtpSent ? 'otp' : undefined }));
        setTab(r.phoneOtpSent ? 'phone' : 'email');
      }} /> },
    { value: 'phone', label: 'Phone Login', title: 'Phone Login', description: 'Log in with a one-time code sent by SMS.',
      body: <PhoneLogin key={`p${prefill.key}`} busy={busy} run={run} initialPhone={prefill.phone} initialStep={prefill.phoneStep} /> },
  ];

  return (
    <Wrap>
      <Heading>Welcome to Portal</Heading>
      <Tabs defaultValue="email" value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList aria-label="Sign-in method">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value} disabled={busy}>{t.label}</TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardHeader>
                <CardTitle as="h2">{t.title}</CardTitle>
                <CardDescription>{t.description}</CardDescription>
              </CardHeader>
              <CardContent>{t.body}</CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </Wrap>
  );
}
