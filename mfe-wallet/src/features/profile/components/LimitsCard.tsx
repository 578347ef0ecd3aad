import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  errorMessage,
  formatUsd,
  Input,
  Label,
  toast,
} from '@portal/shared-ui';
import { fieldError, useSetLimitsMutation, type Profile } from '../api/profile-api';
import { Actions, ErrorText, Hint, Row, RowLabel, RowValue, Section } from './ui';

const PERIODS = [
  ['daily', 'Daily Limit'],
  ['weekly', 'Weekly Limit'],
  ['monthly', 'Monthly Limit'],
] as const;
type Period = (typeof PERIODS)[number][0];
const Grid = styled.div`display: grid; gap: 12px; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); margin-bottom: 16px;`;

/** docs/product.md "Profile, PIN and KYC": limits in dollars with thousands separators, or 'Not Set'; editable up to the platform maximum. */
export function LimitsCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const initial = () =>
    Object.fromEntries(PERIODS.map(([p]) => [p, profile[`${p}_transaction_limit`] ?? ''])) as Record<Period, string>;
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Period, string>>>({});
  const [save, { isLoading }] = useSetLimitsMutation();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const limit = (p: Period) => (draft[p].trim() === '' ? null : draft[p].trim());
    const body = {
      daily_transaction_limit: limit('daily'),
      weekly_transaction_limit: limit('weekly'),
      monthly_transaction_limit: limit('monthly'),
    };
    try {
      await save(body).unwrap();
      setErrors({});
      setEditing(false);
      toast({ title: 'Limits Updated', description: 'Your transaction limits were saved.', variant: 'success' });
    } catch (err) {
      setErrors(
        Object.fromEntries(PERIODS.map(([p]) => [p, fieldError(err, `${p}_transaction_limit`)])) as Record<
          Period,
          string
        >,
      );
      toast({ title: 'Update Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  return (
    <Section data-testid="limits-card">
      <CardHeader>
        <CardTitle>Transaction Limits</CardTitle>
        <CardDescription>
          Caps on the money you send, valued in US dollars. Lower them to protect your account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!editing ? (
          <>
            {PERIODS.map(([p, label]) => (
              <Row key={p}>
                <RowLabel>{label}</RowLabel>
                <RowValue data-testid={`limit-${p}`}>{formatUsd(profile[`${p}_transaction_limit`])}</RowValue>
              </Row>
            ))}
            <Button
              type="button"
              $size="sm"
              $variant="outline"
              style={{ marginTop: 8 }}
              onClick={() => {
                setDraft(initial());
                setEditing(true);
              }}
            >
              Edit Limits
            </Button>
          </>
        ) : (
          <form onSubmit={onSubmit} aria-label="Transaction limits">
            <Grid>
              {PERIODS.map(([p, label]) => (
                <div key={p}>
                  <Label htmlFor={`limit-${p}`}>{label} (USD)</Label>
                  <Input
                    id={`limit-${p}`}
                    inputMode="decimal"
                    placeholder="Not Set"
                    value={draft[p]}
                    onChange={(e) => setDraft({ ...draft, [p]: e.target.value })}
                    disabled={isLoading}
                  />
                  <Hint>Maximum {formatUsd(profile.limit_caps[p])}. Leave empty for Not Set.</Hint>
                  {errors[p] && <ErrorText role="alert">{errors[p]}</ErrorText>}
                </div>
              ))}
            </Grid>
            <Actions>
              <Button type="submit" $size="sm" disabled={isLoading}>
                {isLoading ? 'Saving...' : 'Save Limits'}
              </Button>
              <Button
                type="button"
                $size="sm"
                $variant="outline"
                onClick={() => {
                  setErrors({});
                  setEditing(false);
                }}
                disabled={isLoading}
              >
                Cancel
              </Button>
            </Actions>
          </form>
        )}
      </CardContent>
    </Section>
  );
}
