import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  CenteredMessage,
  errorMessage,
  formatDate,
  Input,
  kycBadge,
  Spinner,
  Table,
  TableWrap,
  Td,
  Th,
  toast,
  useDebounced,
  useSearchParams,
  useSession,
} from '@portal/shared-ui';
import { useGetUsersQuery } from '../api/get-users';
import { UserActions } from './UserActions';

const Head = styled.div`
  display: flex; justify-content: space-between; align-items: center; gap: 12px 16px; flex-wrap: wrap; margin-bottom: 16px;
  h1 { margin: 0; font-size: 24px; }
`;
const Tools = styled.div`display: flex; align-items: center; gap: 12px 16px; flex-wrap: wrap; flex: 1 1 320px; justify-content: flex-end;`;
const Search = styled(Input)`max-width: 360px; flex: 1 1 220px;`;
const Toggle = styled.label`display: inline-flex; align-items: center; gap: 8px; font-size: 14px; white-space: nowrap; cursor: pointer;`;
const Muted = styled.span`color: ${(p) => p.theme.colors.mutedForeground};`;
const Flags = styled.div`display: flex; flex-wrap: wrap; gap: 4px;`;

/**
 * The table fits its box (at 1280 px Make Admin / Delete were cut off): fixed layout,
 * the badge, date and action columns get the width they need, names, e-mails and usernames share
 * the rest and wrap. Below 900 px of box (phones, tablets beside the admin sidebar) each row becomes
 * a labelled card.
 */
const Fit = styled.div`
  container-type: inline-size;
  table { table-layout: fixed; }
  td, th { padding-left: 10px; padding-right: 10px; }
  td.text { white-space: normal; overflow-wrap: anywhere; }
  col.kyc { width: 116px; } col.admin { width: 112px; } col.joined { width: 116px; } col.actions { width: 276px; }
  @container (max-width: 900px) {
    thead { display: none; }
    table, tbody, tr, td { display: block; width: 100%; }
    colgroup { display: none; }
    tr { padding: 12px 14px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
    tr:last-child { border-bottom: 0; }
    td, td.text { display: flex; justify-content: space-between; align-items: center; gap: 12px; padding: 4px 0; border: 0; white-space: normal; overflow-wrap: anywhere; text-align: right; }
    td::before { content: attr(data-label); color: ${(p) => p.theme.colors.mutedForeground}; font-weight: 500; text-align: left; flex: none; }
    td.actions { justify-content: flex-start; padding-top: 10px; }
    td.actions::before { display: none; }
  }
`;

/** An e-mail that wraps before its @ rather than mid-word when the column is narrow. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  return at > 0 ? (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  ) : (
    <>{email}</>
  );
}

/** /admin/users (docs/product.md "Admin"). Deleted accounts are left out unless "Show deleted accounts" (kept in the URL) is on. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const includeDeleted = params.get('include_deleted') === 'true';
  const q = useDebounced(search, 300);
  const { data, error, isFetching, isLoading } = useGetUsersQuery({ q, includeDeleted });
  const me = useSession().user?.id;

  useEffect(() => {
    if (error) toast({ title: 'Error fetching users', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  function setIncludeDeleted(on: boolean) {
    const next = new URLSearchParams(params);
    if (on) next.set('include_deleted', 'true');
    else next.delete('include_deleted');
    setParams(next);
  }

  const users = data?.users ?? [];
  return (
    <section data-testid="admin-users">
      <Head>
        <h1>User Management</h1>
        <Tools>
          <Search
            type="search"
            placeholder="Search by name, email, username or customer ID"
            aria-label="Search users"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Toggle>
            <input type="checkbox" checked={includeDeleted} onChange={(e) => setIncludeDeleted(e.target.checked)} />
            Show deleted accounts
          </Toggle>
        </Tools>
      </Head>
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading users...
        </CenteredMessage>
      ) : (
        <Fit>
          <TableWrap aria-busy={isFetching} data-testid="users-table">
            <Table>
              <colgroup>
                <col />
                <col />
                <col />
                <col className="kyc" />
                <col className="admin" />
                <col className="joined" />
                <col className="actions" />
              </colgroup>
              <thead>
                <tr>
                  <Th>Full Name</Th>
                  <Th>Email</Th>
                  <Th>Username</Th>
                  <Th>KYC Status</Th>
                  <Th>Admin</Th>
                  <Th>Joined</Th>
                  <Th>Actions</Th>
                </tr>
              </thead>
              <tbody>
                {users.length === 0 ? (
                  <tr>
                    <Td colSpan={7} style={{ textAlign: 'center', padding: 32 }}>
                      <Muted>No users found.</Muted>
                    </Td>
                  </tr>
                ) : (
                  users.map((u) => {
                    const kyc = kycBadge(u.kyc_status);
                    return (
                      <tr key={u.id} data-testid="user-row">
                        <Td className="text" data-label="Full Name">
                          {u.full_name || <Muted>N/A</Muted>}
                        </Td>
                        <Td className="text" data-label="Email">
                          {u.email ? <BreakableEmail email={u.email} /> : <Muted>N/A</Muted>}
                        </Td>
                        <Td className="text" data-label="Username">
                          {u.username ? `@${u.username}` : <Muted>N/A</Muted>}
                        </Td>
                        <Td data-label="KYC Status">
                          <Badge $kind={kyc.kind}>{kyc.label}</Badge>
                        </Td>
                        <Td data-label="Admin">
                          <Flags>
                            {u.is_admin ? <Badge $kind="blue">Admin</Badge> : <Muted>No</Muted>}
                            {u.is_accredited_investor && <Badge $kind="green">Accredited</Badge>}
                          </Flags>
                        </Td>
                        <Td data-label="Joined">{u.created_at ? formatDate(u.created_at) : <Muted>N/A</Muted>}</Td>
                        <Td className="actions" data-label="Actions">
                          <UserActions user={u} isSelf={u.id === me} />
                        </Td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            </Table>
          </TableWrap>
        </Fit>
      )}
    </section>
  );
}
