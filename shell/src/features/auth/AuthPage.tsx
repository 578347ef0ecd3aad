import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  useLocation,
  useNavigate,
  useSearchParams,
} from '@portal/shared-ui';
import {
  authApi,
  authorizeUrl,
  secondStepInFragment,
  type AuthConfig,
  type OAuthProvider,
  type SecondStep,
} from './api';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { useGoogleOneTap } from './oneTap';
import { PageHeading, PageWrap } from './parts';
import { PhoneLogin } from './PhoneLogin';
import { SignUpForm } from './SignUpForm';

type Tab = 'email' | 'signup' | 'phone';

/** What /reset-password hands over after a new password was set: the e-mail, to fill in. */
export interface PasswordResetDone {
  passwordReset: { email: string };
}

/**
 * /auth (docs/product.md "Sign-in and sessions"). Three tabs, Email Login first. One `busy` flag for the
 * whole page: every form (and the tabs) is disabled while any auth action runs.
 * Notices arriving in the query: ?confirmed=1 / ?confirm_error= (e-mail confirmation link),
 * ?error=&provider= (OAuth failure), ?tab=signup|phone (deep links, e.g. Sign Up Now), ?tab=forgot
 * (the forgot-password form, from an expired reset link); after /reset-password, the e-mail in the
 * navigation state.
 */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const resetDone = (location.state as PasswordResetDone | null)?.passwordReset;
  // A second step owed by a phone-code, OAuth or One Tap sign-in, shown on the Email Login card.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(() => secondStepInFragment(location.hash));
  const initialTab = (['email', 'signup', 'phone'] as const).find((t) => t === params.get('tab')) ?? 'email';
  const [tab, setTab] = useState<Tab>(initialTab);
  const [forgot, setForgot] = useState(params.get('tab') === 'forgot');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [config, setConfig] = useState<AuthConfig | null>(null);
  const [prefill, setPrefill] = useState<{ email?: string; phone?: string; phoneStep?: 'otp'; key: number }>({
    key: 0,
    email: resetDone?.email,
  });

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
    if (confirmed)
      toast({
        title: 'Email Confirmed',
        description: 'Your email address is confirmed. You can log in now.',
        variant: 'success',
      });
    if (confirmError) toast({ title: 'Email Confirmation Failed', description: confirmError, variant: 'destructive' });
    if (error)
      toast({ title: `${params.get('provider') ?? 'OAuth'} Login Failed`, description: error, variant: 'destructive' });
    if (resetDone)
      toast({
        title: 'Password Updated',
        description: 'Your password has been changed and every device signed out. Log in with your new password.',
        variant: 'success',
      });
    if (confirmed || confirmError || error || resetDone || params.get('tab')) setParams({}, { replace: true });
    if (location.hash) navigate({ hash: '' }, { replace: true }); // the ticket does not stay in the history
  }, []);

  useEffect(() => {
    let live = true;
    authApi.config().then(
      (c) => live && setConfig(c),
      () => live && setConfig({ google_client_id: null, providers: { google: false, facebook: false } }),
    );
    return () => {
      live = false;
    };
  }, []);
  const askSecondStep = useCallback((step: SecondStep) => {
    setSecondStep(step);
    setTab('email');
  }, []);
  useGoogleOneTap(config, run, askSecondStep);

  // Only configured providers have a button (SocialButtons), so a click always leaves for the provider.
  const onProvider = useCallback(
    (provider: OAuthProvider) => {
      void run(async () => {
        window.location.assign(authorizeUrl(provider));
        await new Promise(() => {}); // stay busy while the browser leaves
      });
    },
    [run],
  );

  const tabs: { value: Tab; label: string; title: string; description: string; body: ReactNode }[] = [
    forgot
      ? {
          value: 'email',
          label: 'Email Login',
          title: 'Reset Password',
          description: 'Enter your email and we will send you a link to choose a new password.',
          body: (
            <ForgotPasswordForm
              busy={busy}
              run={run}
              initialEmail={prefill.email ?? ''}
              onBack={(email) => {
                setPrefill((p) => ({ ...p, key: p.key + 1, email }));
                setForgot(false);
              }}
            />
          ),
        }
      : {
          value: 'email',
          label: 'Email Login',
          title: 'Login',
          description: 'Access your account with your email and password.',
          body: (
            <LoginForm
              key={`l${prefill.key}${secondStep?.ticket ?? ''}`}
              busy={busy}
              run={run}
              onProvider={onProvider}
              config={config}
              initialEmail={prefill.email}
              initialSecondStep={secondStep}
              onForgot={(email) => {
                setPrefill((p) => ({ ...p, email }));
                setForgot(true);
              }}
            />
          ),
        },
    {
      value: 'signup',
      label: 'Sign Up',
      title: 'Sign Up',
      description: 'Create a new account to get started.',
      body: (
        <SignUpForm
          busy={busy}
          run={run}
          onProvider={onProvider}
          config={config}
          onDone={(r) => {
            setPrefill((p) => ({
              key: p.key + 1,
              email: r.email,
              phone: r.phone,
              phoneStep: r.phoneOtpSent ? 'otp' : undefined,
            }));
            setForgot(false);
            setTab(r.phoneOtpSent ? 'phone' : 'email');
          }}
        />
      ),
    },
    {
      value: 'phone',
      label: 'Phone Login',
      title: 'Phone Login',
      description: 'Log in with a one-time code sent by SMS.',
      body: (
        <PhoneLogin
          key={`p${prefill.key}`}
          busy={busy}
          run={run}
          initialPhone={prefill.phone}
          initialStep={prefill.phoneStep}
          onSecondStep={askSecondStep}
        />
      ),
    },
  ];

  return (
    <PageWrap>
      <PageHeading>Welcome to Portal</PageHeading>
      <Tabs defaultValue="email" value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList aria-label="Sign-in method">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value} disabled={busy}>
              {t.label}
            </TabsTrigger>
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
    </PageWrap>
  );
}
