import styled from 'styled-components';
import { CardContent, CardDescription, CardHeader, CardTitle, errorMessage, Spinner, toast } from '@portal/shared-ui';
import {
  useGetEmailPreferencesQuery,
  useSetEmailPreferenceMutation,
  type EmailPreferences,
} from '../api/email-preferences-api';
import { ErrorText, Section } from './ui';

const List = styled.ul`list-style: none; margin: 0; padding: 0;`;
const Item = styled.li`
  border-top: 1px solid ${(p) => p.theme.colors.border}; &:first-child { border-top: 0; }
  label { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 10px 0; font-size: 14px; cursor: pointer; }
  input { width: 18px; height: 18px; flex: none; accent-color: ${(p) => p.theme.colors.primary}; }
`;
type Kind = EmailPreferences['preferences'][number]['kind'];

/** Which notifications also come by e-mail (each kind on by default); the bell shows every one anyway. */
export function EmailPreferencesCard() {
  const { data, isLoading, error } = useGetEmailPreferencesQuery();
  const [save, { isLoading: saving }] = useSetEmailPreferenceMutation();
  const change = async (kind: Kind, email: boolean) => {
    try {
      await save({ kind, email }).unwrap();
    } catch (e) {
      toast({ title: 'Update Failed', description: errorMessage(e), variant: 'destructive' });
    }
  };
  return (
    <Section data-testid="email-preferences-card">
      <CardHeader>
        <CardTitle>E-mail notifications</CardTitle>
        <CardDescription>Choose what we also e-mail you. Everything still appears under the bell.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading && <Spinner role="status" aria-label="Loading e-mail preferences" />}
        {error && <ErrorText role="alert">Could not load your e-mail preferences: {errorMessage(error)}</ErrorText>}
        {data && (
          <List>
            {data.preferences.map((p) => (
              <Item key={p.kind}>
                <label>
                  {p.label}
                  <input
                    type="checkbox"
                    checked={p.email}
                    disabled={saving}
                    onChange={(e) => void change(p.kind, e.target.checked)}
                  />
                </label>
              </Item>
            ))}
          </List>
        )}
      </CardContent>
    </Section>
  );
}
