import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Input, Label, Spinner, Table, TableWrap, Td, Th, errorMessage, formatDateTime, toast, useDebounced, useSearchParams } from '@portal/shared-ui';
import { useGetAuditLogQuery, type AuditLogEntry, type AuditQuery } from '../api/audit';
import { changeLines } from './change';

const Filters = styled.div`display: flex; gap: 12px; flex-wrap: wrap; align-items: end; margin-bottom: 16px; > div { display: grid; gap: 4px; min-width: 150px; }`;
const Change = styled.div`
  max-width: 360px; font-size: 13px; overflow-wrap: anywhere;
  ul { margin: 0; padding: 0; list-style: none; }
  summary { cursor: pointer; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 12px; margin-top: 4px; }
  pre { font-size: 12px; white-space: pre-wrap; margin: 4px 0 0; }
`;
const Code = styled.small`display: block; color: ${(p) => p.theme.colors.mutedForeground};`;

/** What changed in words, and the stored record (codes, ids, JSON) behind a disclosure. */
function EntryChange({ e }: { e: AuditLogEntry }) {
  const lines = changeLines(e.before, e.after, e.data);
  return (
    <Change>
      {lines.length > 0 && <ul>{lines.map((l) => <li key={l}>{l}</li>)}</ul>}
      <details data-testid="audit-raw">
        <summary>Raw record</summary>
        <pre>{JSON.stringify({ id: e.id, action: e.action, subject: e.subject, actor_id: e.actor_id, created_at: e.created_at, before: e.before, after: e.after, data: e.data }, null, 2)}</pre>
      </details>
    </Change>
  );
}
const FILTERS = [['actor', 'Actor', 'Name, e-mail or id'], ['action', 'Action', 'e.g. admin.user'], ['subject', 'Target', 'e.g. user:<id> or campaign:'], ['from', 'From', ''], ['to', 'To', '']] as const;

function Rows({ query, cursor, last, onMore }: { query: AuditQuery; cursor?: string; last: boolean; onMore: (c: string) => void }) {
  const { data, error, isFetching } = useGetAuditLogQuery({ ...query, cursor });
  useEffect(() => {
    if (error) toast({ title: 'Error fetching the audit log', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data) return isFetching ? <tr><Td colSpan={5}><Spinner /> Loading...</Td></tr> : null;
  if (!cursor && data.entries.length === 0) return <tr><Td colSpan={5} data-testid="no-audit">No entries match these filters.</Td></tr>;
  return (
    <>
      {data.entries.map((e) => (
        <tr key={e.id} data-testid="audit-row">
          <Td>{formatDateTime(e.created_at)}</Td>
          <Td>{e.actor_name ?? (e.actor_id ? 'A deleted user' : 'System')}</Td>
          <Td>{e.action_words}</Td>
          <Td style={{ overflowWrap: 'anywhere' }}>{e.subject_name ?? (e.subject ? <Code>{e.subject}</Code> : '')}</Td>
          <Td><EntryChange e={e} /></Td>
        </tr>
      ))}
      {last && data.next_cursor && <tr><Td colSpan={5} style={{ textAlign: 'center' }}><Button type="button" $variant="outline" onClick={() => onMore(data.next_cursor!)}>Load More</Button></Td></tr>}
    </>
  );
}

/** /admin/audit (issue 18): who changed what, before and after; filters in the address. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map(([k]) => [k, params.get(k) ?? ''])) as Record<string, string>);
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
          <div key={k}><Label htmlFor={`audit-${k}`}>{label}</Label>
            <Input id={`audit-${k}`} type={k === 'from' || k === 'to' ? 'date' : 'search'} placeholder={hint} value={draft[k]} maxLength={200} onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))} /></div>
        ))}
      </Filters>
      <TableWrap>
        <Table>
          <thead><tr><Th>When</Th><Th>Who</Th><Th>What</Th><Th>Target</Th><Th>Change</Th></tr></thead>
          <tbody>{[undefined, ...cursors].map((c, i) => <Rows key={`${key}${c ?? ''}`} query={query} cursor={c} last={i === cursors.length} onMore={(n) => setCursors((x) => [...x, n])} />)}</tbody>
        </Table>
      </TableWrap>
    </section>
  );
}
