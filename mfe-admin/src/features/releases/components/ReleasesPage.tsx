import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Muted,
  Spinner,
  Table,
  TableWrap,
  Td,
  Th,
  errorMessage,
  formatDateTime,
  toast,
  type BadgeKind,
} from '@portal/shared-ui';
import {
  useEndPreviewMutation,
  useGetReleasesQuery,
  useMakeReleaseCurrentMutation,
  usePreviewReleaseMutation,
  type Release,
  type RemoteReleases,
} from '../api/releases';
import { useGetCanariesQuery, type CanaryOverview } from '../api/canary';
import { CanaryPanel, CanaryShareDialog } from './CanaryPanel';

const Section = styled(Card)`margin-bottom: 16px;`;
// On a phone each release is a block of labelled lines (version and actions first in sight), not a
// table to scroll sideways.
const ReleaseTable = styled(Table)`
  @media (max-width: 767px) {
    display: block; min-width: 0; width: 100%;
    tbody { display: block; }
    thead { display: none; }
    tr { display: block; padding: 10px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
    td { display: flex; gap: 12px; justify-content: space-between; align-items: baseline; border: 0; padding: 4px 12px; text-align: right; }
    td::before { content: attr(data-label); flex: none; color: ${(p) => p.theme.colors.mutedForeground}; text-align: left; }
    td > * { min-width: 0; overflow-wrap: anywhere; }
  }
`;
const Version = styled.code`font-size: 13px; overflow-wrap: anywhere;`;
const Failing = styled.span`color: ${(p) => p.theme.colors.destructive}; font-weight: 600;`;
const Actions = styled.div`display: flex; gap: 6px; flex-wrap: wrap;`;
const PreviewBar = styled.div`
  display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 12px 16px; margin-bottom: 16px;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.lg}; background: ${(p) => p.theme.colors.muted};
`;

const STATE: Record<Release['state'], { label: string; kind: BadgeKind }> = {
  current: { label: 'Current', kind: 'green' },
  staged: { label: 'Staged', kind: 'blue' },
  previous: { label: 'Previous', kind: 'outline' },
};
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What the confirmation dialog is about: a promotion or a rollback of one remote. */
interface Change {
  remote: RemoteReleases;
  release: Release;
  action: 'promote' | 'rollback';
}

function ChangeDialog({ change, onClose }: { change: Change | null; onClose: () => void }) {
  const [makeCurrent, { isLoading }] = useMakeReleaseCurrentMutation();
  if (!change) return null;
  const { remote, release, action } = change;
  const current = remote.releases.find((r) => r.id === remote.current_id);
  const verb = action === 'promote' ? 'Promote' : 'Roll back';
  const confirm = async () => {
    try {
      await makeCurrent({ id: release.id, expectedCurrentId: remote.current_id }).unwrap();
      toast({
        title: action === 'promote' ? 'Promoted' : 'Rolled back',
        description: `${remote.name} ${release.version} is now current.`,
      });
      onClose();
    } catch (err) {
      toast({ title: `${verb} failed`, description: errorMessage(err), variant: 'destructive' });
      onClose();
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !isLoading && onClose()} label={`${verb} ${remote.name}`}>
      <DialogTitle>
        {verb} {remote.name}
      </DialogTitle>
      <DialogDescription>
        {action === 'promote' ? 'Promote' : 'Roll back'} {remote.name} from {current?.version ?? 'none'} to{' '}
        {release.version}? Users get {release.version} on their next page load or navigation. The change is recorded in
        the audit log.
      </DialogDescription>
      <DialogFooter>
        <Button type="button" $variant="outline" disabled={isLoading} onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="button"
          $variant={action === 'rollback' ? 'destructive' : undefined}
          disabled={isLoading}
          onClick={confirm}
        >
          {isLoading ? <Spinner /> : null}
          {verb}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function ReleaseRow({
  remote,
  release,
  onChange,
  canary,
}: {
  remote: RemoteReleases;
  release: Release;
  onChange: (c: Change) => void;
  canary: CanaryOverview['running'] | undefined;
}) {
  const [preview, { isLoading: previewing }] = usePreviewReleaseMutation();
  const [sharing, setSharing] = useState(false);
  const onCanary = canary?.release_id === release.id;
  const state = onCanary ? { label: `Canary ${canary.percent} %`, kind: 'blue' as const } : STATE[release.state];
  const startPreview = async () => {
    try {
      await preview(release.id).unwrap();
      toast({
        title: 'Previewing',
        description: `${remote.name} ${release.version}: open or reload any page of the portal to see it. Only you see it.`,
      });
    } catch (err) {
      toast({ title: 'Preview failed', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const failures = release.load_failures;
  return (
    <tr>
      <Td data-label="Version">
        <Version>{release.version}</Version>
      </Td>
      <Td data-label="State">
        <Badge $kind={state.kind}>{state.label}</Badge>
      </Td>
      <Td data-label="Published">
        <div>
          {formatDateTime(release.published_at)}
          <br />
          <Muted>{release.published_by}</Muted>
        </div>
      </Td>
      <Td data-label="Size">
        <span>{kilobytes(release.build_bytes)}</span>
      </Td>
      <Td data-label="Load failures">
        <div>
          {failures.last_hour > 0 ? (
            <Failing>{failures.last_hour} in the last hour</Failing>
          ) : (
            <span>{failures.last_hour} in the last hour</span>
          )}
          <br />
          <Muted>{failures.total} in all</Muted>
        </div>
      </Td>
      <Td data-label="Actions">
        <Actions>
          {release.files_deleted ? (
            <Muted>Files deleted</Muted>
          ) : (
            <>
              {release.state === 'staged' && (
                <Button type="button" $size="sm" onClick={() => onChange({ remote, release, action: 'promote' })}>
                  Promote
                </Button>
              )}
              {release.state === 'previous' && (
                <Button
                  type="button"
                  $size="sm"
                  $variant="outline"
                  onClick={() => onChange({ remote, release, action: 'rollback' })}
                >
                  Roll back
                </Button>
              )}
              {release.state !== 'current' && !canary && (
                <Button type="button" $size="sm" $variant="outline" onClick={() => setSharing(true)}>
                  Canary
                </Button>
              )}
              {release.state !== 'current' && (
                <Button type="button" $size="sm" $variant="ghost" disabled={previewing} onClick={startPreview}>
                  Preview
                </Button>
              )}
              {release.state === 'current' && <Muted>Serving</Muted>}
            </>
          )}
        </Actions>
        {sharing && (
          <CanaryShareDialog remote={remote} release={release} percent={10} onClose={() => setSharing(false)} />
        )}
      </Td>
    </tr>
  );
}

function RemoteSection({
  remote,
  onChange,
  canary,
}: {
  remote: RemoteReleases;
  onChange: (c: Change) => void;
  canary: CanaryOverview | undefined;
}) {
  const headingId = `releases-${remote.name}`;
  const current = remote.releases.find((r) => r.id === remote.current_id);
  return (
    <Section as="section" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId} style={{ fontSize: 17 }}>
          {remote.name}
        </CardTitle>
        <Muted>
          {remote.audience === 'admin' ? 'Admins only' : 'Every signed-in user'} · current:{' '}
          {current ? <Version>{current.version}</Version> : 'none'}
        </Muted>
      </CardHeader>
      <CardContent>
        <CanaryPanel remote={remote} overview={canary} />
        <TableWrap aria-label={`${remote.name} releases`}>
          <ReleaseTable>
            <thead>
              <tr>
                <Th>Version</Th>
                <Th>State</Th>
                <Th>Published</Th>
                <Th>Size</Th>
                <Th>Load failures</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {remote.releases.map((r) => (
                <ReleaseRow key={r.id} remote={remote} release={r} onChange={onChange} canary={canary?.running} />
              ))}
            </tbody>
          </ReleaseTable>
        </TableWrap>
      </CardContent>
    </Section>
  );
}

function PreviewNotice({ remotes, previewId }: { remotes: RemoteReleases[]; previewId: string }) {
  const [endPreview, { isLoading }] = useEndPreviewMutation();
  const release = remotes.flatMap((r) => r.releases).find((r) => r.id === previewId);
  const end = async () => {
    try {
      await endPreview().unwrap();
      toast({ title: 'Preview ended', description: 'Your pages load the current releases again.' });
    } catch (err) {
      toast({ title: 'Could not end the preview', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <PreviewBar role="status">
      <span>
        Previewing{' '}
        {release ? (
          <>
            <strong>{release.remote}</strong> <Version>{release.version}</Version>
          </>
        ) : (
          'a release'
        )}{' '}
        in this browser.{' '}
        <a href={release?.routes[0] ?? '/'} target="_blank" rel="noreferrer">
          Open the portal
        </a>
      </span>
      <Button type="button" $size="sm" $variant="outline" disabled={isLoading} onClick={end}>
        End preview
      </Button>
    </PreviewBar>
  );
}

/** /admin/releases: every remote's current release and history; promote, roll back, preview. */
export function ReleasesPage() {
  const { data, isLoading, error, refetch } = useGetReleasesQuery();
  const { data: canaries } = useGetCanariesQuery();
  const [change, setChange] = useState<Change | null>(null);
  return (
    <section data-testid="admin-releases">
      <h1 style={{ marginTop: 0, fontSize: 24 }}>Releases</h1>
      <p style={{ marginTop: 0 }}>
        <Muted>
          Each remote is released on its own. Users get a change on their next page load or navigation; a staged release
          is seen only by admins who preview it.
        </Muted>
      </p>
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading releases...
        </CenteredMessage>
      ) : error ? (
        <CenteredMessage role="alert">
          Releases could not be loaded: {errorMessage(error)}{' '}
          <Button type="button" $size="sm" $variant="outline" onClick={() => void refetch()}>
            Retry
          </Button>
        </CenteredMessage>
      ) : !data?.remotes.length ? (
        <CenteredMessage>No releases published yet.</CenteredMessage>
      ) : (
        <>
          {data.preview_id && <PreviewNotice remotes={data.remotes} previewId={data.preview_id} />}
          {data.remotes.map((r) => (
            <RemoteSection
              key={r.name}
              remote={r}
              onChange={setChange}
              canary={canaries?.remotes.find((k) => k.remote === r.name)}
            />
          ))}
        </>
      )}
      <ChangeDialog change={change} onClose={() => setChange(null)} />
    </section>
  );
}
