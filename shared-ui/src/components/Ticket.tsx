import { useState } from 'react';
import styled from 'styled-components';
import { apiResponse, errorMessage } from '../store/baseQuery';
import { formatDateTime } from '../format/date';
import { Avatar } from './Avatar';
import { Badge } from './Badge';
import { Icon } from './Icon';
import { toast } from './Toast';

/** What the support remote and the admin area show of a ticket's files and answers (docs/product.md Support, Ticket detail). */
export interface TicketAttachment {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  url: string;
}
export interface TicketResponseItem {
  id: string;
  response_text: string;
  is_admin_response: boolean;
  created_at: string;
  attachments: TicketAttachment[];
  responder: { id: string; full_name: string | null; avatar_url: string | null; is_admin: boolean };
}

const FileButton = styled.button`
  border: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.background}; border-radius: 6px;
  padding: 4px 10px; font-size: 13px; cursor: pointer; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
`;
const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;

/** A private file: fetched with the bearer token (a link cannot send it) and opened in a new tab. */
function AttachmentLink({ file }: { file: TicketAttachment }) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await (await apiResponse(file.url)).blob());
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      tab?.close();
      toast({ title: 'Could Not Open the File', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton type="button" onClick={open} disabled={busy} title={file.file_name} data-testid="attachment">
      <Icon name="paperclip" size={14} /> {file.file_name} ({kb(file.size_bytes)})
    </FileButton>
  );
}

export function TicketAttachments({ files }: { files: TicketAttachment[] }) {
  if (!files.length) return null;
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 }}>
      {files.map((f) => (
        <AttachmentLink key={f.id} file={f} />
      ))}
    </div>
  );
}

const Item = styled.li`
  list-style: none; padding: 14px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border};
  &:last-child { border-bottom: 0; }
  .head { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
  .time { color: ${(p) => p.theme.colors.mutedForeground}; font-size: 13px; }
  p { margin: 8px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

/** Responses oldest first: name, avatar, an admin tick, time, text (as text, never HTML) and files. */
export function TicketResponses({ responses }: { responses: TicketResponseItem[] }) {
  if (!responses.length)
    return (
      <p style={{ margin: 0, color: 'inherit', opacity: 0.7 }} data-testid="no-responses">
        No responses yet.
      </p>
    );
  return (
    <ul style={{ margin: 0, padding: 0 }}>
      {responses.map((r) => (
        <Item key={r.id} data-testid="ticket-response">
          <div className="head">
            <Avatar src={r.responder.avatar_url} name={r.responder.full_name} size={30} />
            <strong>{r.responder.full_name ?? 'User'}</strong>
            {r.is_admin_response && (
              <Badge $kind="blue" aria-label="Administrator" style={{ gap: 4 }}>
                <Icon name="check" size={12} />
                Admin
              </Badge>
            )}
            <span className="time">{formatDateTime(r.created_at)}</span>
          </div>
          <p>{r.response_text}</p>
          <TicketAttachments files={r.attachments} />
        </Item>
      ))}
    </ul>
  );
}
