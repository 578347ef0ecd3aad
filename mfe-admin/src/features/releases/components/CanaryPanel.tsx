import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Field,
  FieldError,
  Input,
  Label,
  Muted,
  Spinner,
  Table,
  Td,
  Th,
  errorMessage,
  formatDateTime,
  toast,
} from '@portal/shared-ui';
import {
  useSetCanaryShareMutation,
  useSetRollbackRuleMutation,
  type CanaryOverview,
  type Comparison,
  type RollbackRule,
} from '../api/canary';
import type { Release, RemoteReleases } from '../api/releases';

const Panel = styled.div`
  padding: 12px 16px; margin-bottom: 16px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.lg};
  display: grid; gap: 10px;
`;
const Row = styled.div`display: flex; gap: 8px; align-items: center; flex-wrap: wrap;`;
const Worse = styled.p`margin: 0; color: ${(p) => p.theme.colors.destructive}; font-weight: 600;`;
const Plain = styled.p`margin: 0;`;

const pct = (rate: number | null) => (rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toString()} %`);
const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);
const ruleWords = (r: RollbackRule) =>
  r.enabled
    ? `Automatic rollback: after ${r.min_sessions} sessions, when the error rate is ${pct(r.error_rate_margin)} or load failures ${pct(r.load_failure_margin)} above the current release's beyond noise.`
    : 'Automatic rollback: off.';

/** Canary and current release side by side: the figures a verdict is made of. */
export function SideBySide({
  comparison,
  canaryVersion,
  currentVersion,
  label,
}: {
  comparison: Comparison;
  canaryVersion: string;
  currentVersion: string;
  label: string;
}) {
  const { canary, current } = comparison;
  const rows: [string, string, string][] = [
    ['Sessions', String(canary.sessions), String(current.sessions)],
    [
      'Error rate',
      `${pct(canary.error_rate)} (${canary.error_sessions})`,
      `${pct(current.error_rate)} (${current.error_sessions})`,
    ],
    [
      'Load failures',
      `${canary.load_failures} (${pct(canary.load_failure_rate)})`,
      `${current.load_failures} (${pct(current.load_failure_rate)})`,
    ],
    ['p75 LCP', ms(canary.lcp_p75_ms), ms(current.lcp_p75_ms)],
    ['p75 INP', ms(canary.inp_p75_ms), ms(current.inp_p75_ms)],
  ];
  return (
    <Table aria-label={label}>
      <thead>
        <tr>
          <Th>Since {formatDateTime(comparison.since)}</Th>
          <Th>Canary {canaryVersion}</Th>
          <Th>Current {currentVersion}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, k, c]) => (
          <tr key={name}>
            <Td>{name}</Td>
            <Td>{k}</Td>
            <Td>{c}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Verdict({ comparison, rule }: { comparison: Comparison; rule: RollbackRule }) {
  const { verdict, reasons } = comparison.judgement;
  if (verdict === 'worse') return <Worse role="status">Worse than the current release: {reasons.join('; ')}.</Worse>;
  if (verdict === 'too_few_sessions')
    return (
      <Plain role="status">
        Too few sessions to judge yet ({comparison.canary.sessions + comparison.canary.load_failures} of{' '}
        {rule.min_sessions}).
      </Plain>
    );
  return <Plain role="status">No worse than the current release beyond noise.</Plain>;
}

const OUTCOME: Record<string, string> = {
  promoted: 'Promoted to every user',
  rolled_back: 'Rolled back',
  auto_rollback: 'Rolled back automatically',
  replaced: 'Ended: another release became current',
};

/** A share of users for a release (1-99 %): start a canary or change its share. */
export function CanaryShareDialog({
  remote,
  release,
  percent: initial,
  onClose,
}: {
  remote: RemoteReleases;
  release: Release | null;
  percent: number;
  onClose: () => void;
}) {
  const [percent, setPercent] = useState(String(initial));
  const [setShare, { isLoading }] = useSetCanaryShareMutation();
  if (!release) return null;
  const value = Number(percent);
  const invalid = !/^\d+$/.test(percent) || value < 1 || value > 99;
  const confirm = async () => {
    try {
      await setShare({ id: release.id, percent: value, expectedCurrentId: remote.current_id }).unwrap();
      toast({
        title: 'Canary',
        description: `${remote.name} ${release.version} is served to ${value} % of signed-in users.`,
      });
    } catch (err) {
      toast({ title: 'Canary failed', description: errorMessage(err), variant: 'destructive' });
    }
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !isLoading && onClose()} label={`Canary ${remote.name}`}>
      <DialogTitle>
        Canary {remote.name} {release.version}
      </DialogTitle>
      <DialogDescription>
        Serve {release.version} to a share of signed-in users; each user keeps the same release while the share holds.
        The change is recorded in the audit log.
      </DialogDescription>
      <Field>
        <Label htmlFor="canary-percent">Share of users (%)</Label>
        <Input
          id="canary-percent"
          inputMode="numeric"
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
          aria-invalid={invalid}
        />
        {invalid && <FieldError>Enter a whole number from 1 to 99.</FieldError>}
      </Field>
      <DialogFooter>
        <Button type="button" $variant="outline" disabled={isLoading} onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={isLoading || invalid} onClick={confirm}>
          {isLoading ? <Spinner /> : null}Serve to {invalid ? '…' : `${value} %`}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function RuleDialog({ remote, rule, onClose }: { remote: string; rule: RollbackRule; onClose: () => void }) {
  const [minSessions, setMinSessions] = useState(String(rule.min_sessions));
  const [errorMargin, setErrorMargin] = useState(String(Math.round(rule.error_rate_margin * 100)));
  const [loadMargin, setLoadMargin] = useState(String(Math.round(rule.load_failure_margin * 100)));
  const [enabled, setEnabled] = useState(rule.enabled);
  const [save, { isLoading }] = useSetRollbackRuleMutation();
  const whole = (s: string, max: number) => /^\d+$/.test(s) && Number(s) <= max;
  const invalid =
    !whole(minSessions, 100000) || Number(minSessions) < 1 || !whole(errorMargin, 100) || !whole(loadMargin, 100);
  const confirm = async () => {
    try {
      await save({
        remote,
        rule: {
          enabled,
          min_sessions: Number(minSessions),
          error_rate_margin: Number(errorMargin) / 100,
          load_failure_margin: Number(loadMargin) / 100,
        },
      }).unwrap();
      toast({ title: 'Rule saved', description: `${remote}: automatic rollback ${enabled ? 'on' : 'off'}.` });
    } catch (err) {
      toast({ title: 'Rule not saved', description: errorMessage(err), variant: 'destructive' });
    }
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !isLoading && onClose()} label={`Rollback rule ${remote}`}>
      <DialogTitle>Automatic rollback of {remote}</DialogTitle>
      <Field>
        <Label>
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Roll a worse canary
          back by itself
        </Label>
      </Field>
      <Field>
        <Label htmlFor="rule-min">Minimum sessions</Label>
        <Input id="rule-min" inputMode="numeric" value={minSessions} onChange={(e) => setMinSessions(e.target.value)} />
      </Field>
      <Field>
        <Label htmlFor="rule-error">Error rate margin (points)</Label>
        <Input
          id="rule-error"
          inputMode="numeric"
          value={errorMargin}
          onChange={(e) => setErrorMargin(e.target.value)}
        />
      </Field>
      <Field>
        <Label htmlFor="rule-load">Load failure margin (points)</Label>
        <Input id="rule-load" inputMode="numeric" value={loadMargin} onChange={(e) => setLoadMargin(e.target.value)} />
      </Field>
      {invalid && (
        <FieldError>Sessions: a whole number from 1 to 100,000; margins: whole points from 0 to 100.</FieldError>
      )}
      <DialogFooter>
        <Button type="button" $variant="outline" disabled={isLoading} onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={isLoading || invalid} onClick={confirm}>
          {isLoading ? <Spinner /> : null}Save rule
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** A remote's canary on the Releases page: running (side by side, verdict, promote / roll back / share) or how the last one ended. */
export function CanaryPanel({ remote, overview }: { remote: RemoteReleases; overview: CanaryOverview | undefined }) {
  const [setShare, { isLoading }] = useSetCanaryShareMutation();
  const [editing, setEditing] = useState<'share' | 'rule' | null>(null);
  if (!overview) return null;
  const { running, last, rule } = overview;
  const canaryRelease = running ? (remote.releases.find((r) => r.id === running.release_id) ?? null) : null;
  const end = async (percent: 0 | 100) => {
    if (!running) return;
    try {
      await setShare({ id: running.release_id, percent, expectedCurrentId: remote.current_id }).unwrap();
      toast({
        title: percent === 100 ? 'Promoted' : 'Canary rolled back',
        description:
          percent === 100
            ? `${remote.name} ${running.version} is now current for everyone.`
            : `Every user gets ${running.current_version} again.`,
      });
    } catch (err) {
      toast({ title: 'Change failed', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Panel aria-label={`${remote.name} canary`} data-testid={`canary-${remote.name}`}>
      {running ? (
        <>
          <Row>
            <Badge $kind="blue">Canary</Badge>
            <span>
              <code>{running.version}</code> for {running.percent} % of signed-in users since{' '}
              {formatDateTime(running.started_at)}
            </span>
          </Row>
          <SideBySide
            comparison={running.comparison}
            canaryVersion={running.version}
            currentVersion={running.current_version}
            label={`${remote.name} canary beside the current release`}
          />
          <Verdict comparison={running.comparison} rule={rule} />
          <Row>
            <Button type="button" $size="sm" disabled={isLoading} onClick={() => void end(100)}>
              Promote to 100 %
            </Button>
            <Button
              type="button"
              $size="sm"
              $variant="outline"
              disabled={isLoading}
              onClick={() => setEditing('share')}
            >
              Change share
            </Button>
            <Button type="button" $size="sm" $variant="destructive" disabled={isLoading} onClick={() => void end(0)}>
              Roll back canary
            </Button>
          </Row>
        </>
      ) : last ? (
        <>
          <Row>
            <Badge $kind={last.by_system ? 'red' : 'outline'}>{OUTCOME[last.outcome] ?? last.outcome}</Badge>
            <span>
              Last canary <code>{last.version}</code>, {formatDateTime(last.ended_at)}
              {last.by_system ? ' by the rule' : ''}
            </span>
          </Row>
          {last.figures && last.figures.judgement.reasons.length > 0 && (
            <Worse>{last.figures.judgement.reasons.join('; ')}.</Worse>
          )}
          {last.figures && (
            <SideBySide
              comparison={last.figures}
              canaryVersion={last.version}
              currentVersion={last.current_version ?? ''}
              label={`${remote.name} last canary beside the current release`}
            />
          )}
        </>
      ) : (
        <Muted>No canary yet: a staged or earlier release can be served to a share of users first (Canary).</Muted>
      )}
      <Row>
        <Muted>{ruleWords(rule)}</Muted>
        <Button type="button" $size="sm" $variant="ghost" onClick={() => setEditing('rule')}>
          Edit rule
        </Button>
      </Row>
      {editing === 'share' && (
        <CanaryShareDialog
          remote={remote}
          release={canaryRelease}
          percent={running?.percent ?? 10}
          onClose={() => setEditing(null)}
        />
      )}
      {editing === 'rule' && <RuleDialog remote={remote.name} rule={rule} onClose={() => setEditing(null)} />}
    </Panel>
  );
}
