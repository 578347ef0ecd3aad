import { useState } from 'react';
import styled from 'styled-components';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger } from '@portal/shared-ui';
import { LoginForm } from './LoginForm';

const Wrap = styled.div`max-width: 420px; margin: 32px auto;`;

/**
 * /auth. Tabs are declared in one list so the Sign Up and Phone Login tabs (spec 000 §2) plug in
 * as further entries; `busy` is shared because every form disables its inputs while any auth
 * action runs.
 */
export function AuthPage() {
  const [busy, setBusy] = useState(false);
  const tabs = [{ value: 'email', label: 'Email Login', title: 'Login', description: 'Sign in with your email and password.', body: <LoginForm busy={busy} setBusy={setBusy} /> }];
  return (
    <Wrap>
      <Tabs defaultValue="email">
        <TabsList>
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value} disabled={busy}>{t.label}</TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardHeader>
                <CardTitle>{t.title}</CardTitle>
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
