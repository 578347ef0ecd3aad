import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  browserSupportsWebAuthn,
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  createPasskey,
  errorMessage,
  Field,
  formatDateTime,
  Input,
  Label,
  passkeyFailure,
  toast,
} from '@portal/shared-ui';
import {
  useAddPasskeyMutation,
  useDisableTotpMutation,
  useEnableTotpMutation,
  useGetPasskeysQuery,
  useGetSecondFactorQuery,
  usePasskeyCreationOptionsMutation,
  useRemovePasskeyMutation,
  useRenewRecoveryCodesMutation,
  useStartTotpMutation,
  type Passkey,
} from '../api/sign-in-security-api';
import { useStepUp } from './StepUpPrompt';
import { Actions, Hint, Muted, Row, Section, Text } from './ui';

const SubTitle = styled.h3`margin: 16px 0 4px; font-size: 15px;`;
const Item = styled.div`flex: 1; min-width: 200px; strong { font-size: 15px; } p { margin: 2px 0 0; font-size: 13px; }`;
const Qr = styled.img`width: 180px; height: 180px; background: #fff; padding: 8px; border-radius: 8px;`;
const Codes = styled.ol`columns: 2; font-family: ui-monospace, monospace; font-size: 14px; margin: 8px 0; padding-left: 24px;`;
const Secret = styled.code`overflow-wrap: anywhere; font-size: 13px;`;

/** Sign-in security: passkeys and two-step sign-in with an authenticator app (docs/decisions.md "Passkeys, second factor and step-up"). */
export function SignInSecurityCard() {
  const { prompt, guarded } = useStepUp();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Section id="sign-in-security" data-testid="sign-in-security">
      <CardHeader>
        <CardTitle>Sign-in security</CardTitle>
        <CardDescription>
          Passkeys sign you in without a password. Two-step sign-in asks for a second factor after your password; admins
          need one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Passkeys guarded={guarded} />
        <AuthenticatorApp guarded={guarded} onCodes={setCodes} />
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
        {prompt}
      </CardContent>
    </Section>
  );
}

type Guarded = (action: () => Promise<unknown>) => Promise<void>;

function Passkeys({ guarded }: { guarded: Guarded }) {
  const { data, isLoading } = useGetPasskeysQuery();
  const [options] = usePasskeyCreationOptionsMutation();
  const [add, { isLoading: adding }] = useAddPasskeyMutation();
  const [remove, { isLoading: removing }] = useRemovePasskeyMutation();
  const [name, setName] = useState('');

  async function addPasskey() {
    try {
      const response = await createPasskey(await options().unwrap());
      await add({ name: name.trim(), response: response as Parameters<typeof add>[0]['response'] }).unwrap();
      setName('');
      toast({ title: 'Passkey Added', description: 'You can now sign in with it.', variant: 'success' });
    } catch (e) {
      toast({
        title: 'Passkey Not Added',
        description: e instanceof Error ? passkeyFailure(e) : errorMessage(e),
        variant: 'destructive',
      });
    }
  }
  const removePasskey = (p: Passkey) =>
    guarded(async () => {
      await remove(p.id).unwrap();
      toast({ title: 'Passkey Removed', description: `${p.name} can no longer sign in.`, variant: 'success' });
    });

  const passkeys = data?.passkeys ?? [];
  return (
    <>
      <SubTitle>Passkeys</SubTitle>
      {isLoading ? (
        <Text>Loading passkeys...</Text>
      ) : passkeys.length === 0 ? (
        <Text>No passkeys yet.</Text>
      ) : (
        passkeys.map((p) => (
          <Row key={p.id} data-testid="passkey-row">
            <Item>
              <strong>{p.name}</strong>
              <p>
                <Muted>
                  Added {formatDateTime(p.created_at)} ·{' '}
                  {p.last_used_at ? `Last used ${formatDateTime(p.last_used_at)}` : 'Not used yet'}
                </Muted>
              </p>
            </Item>
            <Button
              type="button"
              $size="sm"
              $variant="outline"
              disabled={removing}
              onClick={() => void removePasskey(p)}
            >
              Remove
            </Button>
          </Row>
        ))
      )}
      {browserSupportsWebAuthn() ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void addPasskey();
          }}
        >
          <Field>
            <Label htmlFor="passkey-name">Passkey name</Label>
            <Input
              id="passkey-name"
              required
              maxLength={60}
              placeholder="e.g. My laptop"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={adding}
            />
          </Field>
          <Button type="submit" $size="sm" disabled={adding}>
            {adding ? 'Adding...' : 'Add a passkey'}
          </Button>
        </form>
      ) : (
        <Hint>This browser does not support passkeys.</Hint>
      )}
    </>
  );
}

function AuthenticatorApp({ guarded, onCodes }: { guarded: Guarded; onCodes: (codes: string[]) => void }) {
  const { data } = useGetSecondFactorQuery();
  const [start, { data: setup, reset }] = useStartTotpMutation();
  const [enable, { isLoading: enabling }] = useEnableTotpMutation();
  const [disable] = useDisableTotpMutation();
  const [renew] = useRenewRecoveryCodesMutation();
  const [code, setCode] = useState('');

  async function confirm() {
    try {
      onCodes((await enable(code.trim()).unwrap()).recovery_codes);
      setCode('');
      reset();
      toast({
        title: 'Two-Step Sign-In On',
        description: 'Your password sign-ins now also need a code from your app.',
        variant: 'success',
      });
    } catch (e) {
      toast({ title: 'Code Not Accepted', description: errorMessage(e), variant: 'destructive' });
    }
  }
  const turnOff = () =>
    guarded(async () => {
      await disable().unwrap();
      toast({
        title: 'Two-Step Sign-In Off',
        description: 'Your password sign-ins no longer need a code.',
        variant: 'success',
      });
    });
  const newCodes = () => guarded(async () => onCodes((await renew().unwrap()).recovery_codes));

  return (
    <>
      <SubTitle>
        Authenticator app{' '}
        {data?.totp_enabled && (
          <Badge $kind="green" style={{ textTransform: 'none' }}>
            On
          </Badge>
        )}
      </SubTitle>
      {data?.totp_enabled ? (
        <>
          <Text>{data.recovery_codes_left} recovery codes left.</Text>
          <Actions>
            <Button type="button" $size="sm" $variant="outline" onClick={() => void newCodes()}>
              New recovery codes
            </Button>
            <Button type="button" $size="sm" $variant="destructive" onClick={() => void turnOff()}>
              Turn off
            </Button>
          </Actions>
        </>
      ) : setup ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
          data-testid="totp-setup"
        >
          <Text>
            Scan this code with your authenticator app, or enter the key by hand, then type the 6-digit code it shows.
          </Text>
          <Qr
            alt="QR code for your authenticator app"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          />
          <p>
            <Muted>Key: </Muted>
            <Secret data-testid="totp-secret">{setup.secret}</Secret>
          </p>
          <Field>
            <Label htmlFor="totp-code">Code from the app</Label>
            <Input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              pattern="\d{6}"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={enabling}
            />
          </Field>
          <Button type="submit" $size="sm" disabled={enabling}>
            Turn on
          </Button>
        </form>
      ) : (
        <>
          <Text>
            Off. Turn it on to need a code from an app like Google Authenticator or 1Password after your password.
          </Text>
          <Button
            type="button"
            $size="sm"
            onClick={() =>
              void start()
                .unwrap()
                .catch((e: unknown) =>
                  toast({ title: 'Update Failed', description: errorMessage(e), variant: 'destructive' }),
                )
            }
          >
            Set up authenticator app
          </Button>
        </>
      )}
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div data-testid="recovery-codes" role="region" aria-label="Recovery codes">
      <SubTitle>Your recovery codes</SubTitle>
      <Text>Keep them somewhere safe: each signs you in once if you lose your phone. They are shown only now.</Text>
      <Codes>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Codes>
      <Button type="button" $size="sm" onClick={onDone}>
        I saved them
      </Button>
    </div>
  );
}
