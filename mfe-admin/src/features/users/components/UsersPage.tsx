import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge, CenteredMessage, errorMessage, formatDate, Input, Spinner, Table, TableWrap, Td, Th, toast, useDebounced, useSession, type BadgeKind,
} from '@portal/shared-ui';
import { useGetUsersQuery } from '../api/get-users';
import { UserActions } from './UserActions';

const Head = styled.div`
  display: flex; justify-content: space-between; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 16px;
  h1 { margin: 0; font-size: 24px; }
`;
const Search = styled(Input)`max-width: 360px;`;
const Muted = styled.span`color: ${(p) => p.theme.colors.mutedForeground};`;

const kycKind = (s: string | null): BadgeKind => (s === 'verified' ? 'green' : s === 'pending' ? 'yellow' : s === 'rejected' ? 'red' : 'grey');

export function UsersPage() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 300);
  const { data, error, isFetching, isLoading } = useGetUsersQuery(q);
  const me = useSession().user?.id;

  useEffect(() => {
    if (error) toast({ title: 'Error fetching users', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  const users = data?.users ?? [];
  return (
    <section data-testid="admin-users">
      <Head>
        <h1>User Management</h1>
        <Search type="search" placeholder="Search by name, email, username or customer ID" aria-label="Search users" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Head>
      {isLoading ? (
        <CenteredMessage role="status"><Spinner /> Loading users...</CenteredMessage>
      ) : (
        <TableWrap aria-busy={isFetching}>
          <Table>
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
                  <Td colSpan={7} style={{ textAlign: 'center', padding: 32 }}><Muted>No users found.</Muted></Td>
                </tr>
              ) : (
                users.map((u) => (
                  <tr key={u.id} data-testid="user-row">
                    <Td>{u.full_name || <Muted>N/A</Muted>}</Td>
                    <Td>{u.email || <Muted>N/A</Muted>}</Td>
                    <Td>{u.username ? `@${u.username}` : <Muted>N/A</Muted>}</Td>
                    <Td><Badge $kind={kycKind(u.kyc_status)}>{u.kyc_status || 'not started'}</Badge></Td>
                    <Td>
                      {u.is_admin ? <Badge $kind="blue">Admin</Badge> : <Muted>No</Muted>}
                      {u.is_accredited_investor && <Badge $kind="green" style={{ marginLeft: 4 }}>Accredited</Badge>}
                    </Td>
                    <Td>{u.created_at ? formatDate(u.created_at) : <Muted>N/A</Muted>}</Td>
                    <Td><UserActions user={u} isSelf={u.id === me} /></Td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </TableWrap>
      )}
    </section>
  );
}
