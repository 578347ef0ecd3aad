import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Input,
  Label,
  Spinner,
  errorMessage,
  formatDateTime,
  toast,
  useDebounced,
  useSearchParams,
} from '@portal/shared-ui';
import { useGetAuditLogQuery, type AuditLogEntry, type AuditQuery } from '../api/audit';
import { changeLines } from './change';

const Filters = styled.div`display: flex; gap: 12px; flex-wrap: wrap; align-items: end; margin-bottom: 16px; > div { display: grid; gap: 4px; min-width: 150px; }`;
// One entry a card (a table of five columns scrolled sideways, cutting off the change, even at 1280 px)
const Entries = styled.ol`
  list-style: none; margin: 0; padding: 0; border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg}; background: ${(p) => p.theme.colors.background};
`;
const Entry = styled.li`
  padding: 12px 16px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; font-size: 14px; overflow-wrap: anywhere;
  &:last-child { border-bottom: 0; }
  .head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 2px 12px; }
  .who, time { color: ${(p) => p.theme.colors.mutedForeground}; font-size: 13px; }
`;
const Change = styled.div`
  font-size: 13px; margin-top: 6px;
  ul { margin: 0; padding: 0; list-style: none; }
  summary { cursor: pointer; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 12px; margin-top: 4px; }
  pre { font-size: 12px; white-space: pre-wrap; margin: 4px 0 0; }
`;
const Code = styled.code`font-size: 12px;`;

/** What changed in words, and the stored record (codes, ids, JSON) behind a disclosure. */
function EntryChange({ e }: { e: AuditLogEntry }) {
  const lines = changeLines(e.before, e.after, e.data);
  return (
    <Change>
      {lines.length > 0 && (
        <ul>
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      <details data-testid="audit-raw">
        <summary>Raw record</summary>
        <pre>
          {JSON.stringify(
            {
              id: e.id,
              action: e.action,
              subject: e.subject,
              actor_id: e.actor_id,
              created_at: e.created_at,
              before: e.before,
              after: e.after,
              data: e.data,
            },
            null,
            2,
          )}
        </pre>
      </details>
    </Change>
  );
}
const FILTERS = [
  ['actor', 'Actor', 'Name, e-mail or id'],
  ['action', 'Action', 'e.g. admin.user'],
  ['subject', 'Target', 'e.g. user:<id> or campaign:'],
  ['from', 'From', ''],
  ['to', 'To', ''],
] as const;

function Rows({
  query,
  cursor,
  last,
  onMore,
}: {
  query: AuditQuery;
  cursor?: string;
  last: boolean;
  onMore: (c: string) => void;
}) {
  const { data, error, isFetching } = useGetAuditLogQuery({ ...query, cursor });
  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching the audit log', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <Entry>
        <Spinner /> Loading...
      </Entry>
    ) : null;
  if (!cursor && data.entries.length === 0)
    return <Entry data-testid="no-audit">No entries match these filters.</Entry>;
  return (
    <>
      {data.entries.map((e) => (
        <Entry key={e.id} data-testid="audit-row">
          <div className="head">
            <strong>{e.action_words}</strong>
            <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
          </div>
          <div className="who">
            {e.actor_name ?? (e.actor_id ? 'A deleted user' : 'System')}
            {e.subject && <> · {e.subject_name ?? <Code>{e.subject}</Code>}</>}
          </div>
          <EntryChange e={e} />
        </Entry>
      ))}
      {last && data.next_cursor && (
        <Entry style={{ textAlign: 'center' }}>
          <Button type="button" $variant="outline" onClick={() => onMore(data.next_cursor!)}>
            Load More
          </Button>
        </Entry>
      )}
    </>
  );
}

/** /admin/audit: who changed what, before and after; filters in the address. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(
    () => Object.fromEntries(FILTERS.map(([k]) => [k, params.get(k) ?? ''])) as Record<string, string>,
  );
  const settled = useDebounced(draft, 300);
  const [cursors, setCursors] = useState<string[]>([]);
  useEffect(() => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(settled)) if (v.trim()) next.set(k, v.trim());
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
    setCursors([]);
  }, [JSON.stringify(settled)]);
  const query = Object.fromEntries(FILTERS.map(([k]) => [k, params.get(k) ?? undefined])) as AuditQuery;
  const key = params.toString();
  return (
    <section data-testid="admin-audit">
      <h1 style={{ marginTop: 0 }}>Audit Log</h1>
      <Filters>
        {FILTERS.map(([k, label, hint]) => (
          <div key={k}>
            <Label htmlFor={`audit-${k}`}>{label}</Label>
            <Input
              id={`audit-${k}`}
              type={k === 'from' || k === 'to' ? 'date' : 'search'}
              placeholder={hint}
              value={draft[k]}
              maxLength={200}
              onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
            />
          </div>
        ))}
      </Filters>
      <Entries aria-label="Audit entries, newest first">
        {[undefined, ...cursors].map((c, i) => (
          <Rows
            key={`${key}${c ?? ''}`}
            query={query}
            cursor={c}
            last={i === cursors.length}
            onMore={(n) => setCursors((x) => [...x, n])}
          />
        ))}
      </Entries>
    </section>
  );
}
