import { useState } from 'react';
import styled from 'styled-components';
import { Avatar, Button, Hint, Input, useDebounced, type ApiResponse } from '@portal/shared-ui';
import { walletApi } from './api';
import { personName as display } from './people';

/**
 * Choosing a person by name, username or e-mail (docs/product.md "Sending and requesting money": debounced 300 ms, at most
 * 10, 'No users found.'), for /pay and the invoice form's client: GET /api/wallet/users/search.
 */
type UserSearchAnswer = ApiResponse<'/api/wallet/users/search', 'get'>;
export type FoundUser = UserSearchAnswer['users'][number];

const api = walletApi.injectEndpoints({
  endpoints: (build) => ({
    userSearch: build.query<UserSearchAnswer, string>({
      query: (q) => ({ url: 'wallet/users/search', params: { q } }),
    }),
  }),
});
const { useUserSearchQuery } = api;

const Results = styled.ul`list-style: none; margin: 6px 0 0; padding: 0; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md};`;
const ResultItem = styled.li`
  button { display: flex; gap: 10px; align-items: center; width: 100%; border: 0; background: none; padding: 8px 10px; cursor: pointer; text-align: left; }
  button:hover { background: ${(p) => p.theme.colors.muted}; }
  small { color: ${(p) => p.theme.colors.mutedForeground}; }
`;
const Chosen = styled.div`display: flex; align-items: center; gap: 10px; justify-content: space-between;`;

/** The search box and its results, or the chosen person with Change. */
export function UserSearch({
  selected,
  onSelect,
  disabled,
  id = 'user-search',
}: {
  selected: FoundUser | null;
  onSelect: (u: FoundUser | null) => void;
  disabled?: boolean;
  id?: string;
}) {
  const [q, setQ] = useState('');
  const term = useDebounced(q.trim());
  const search = useUserSearchQuery(term, { skip: term.length === 0 || !!selected });
  if (selected) {
    return (
      <Chosen data-testid="chosen-user">
        <span style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
          <Avatar name={display(selected)} src={selected.avatar_url ?? undefined} />
          <span>
            <strong>{display(selected)}</strong>
            {selected.username && <small> @{selected.username}</small>}
          </span>
        </span>
        <Button
          type="button"
          $variant="outline"
          $size="sm"
          onClick={() => {
            onSelect(null);
            setQ('');
          }}
          disabled={disabled}
        >
          Change
        </Button>
      </Chosen>
    );
  }
  return (
    <>
      <Input
        id={id}
        type="search"
        placeholder="Search by name, username or e-mail"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        disabled={disabled}
        autoComplete="off"
      />
      {term &&
        (search.isFetching ? (
          <Hint role="status">Searching...</Hint>
        ) : (
          search.data &&
          (search.data.users.length === 0 ? (
            <Hint>No users found.</Hint>
          ) : (
            <Results aria-label="Search results">
              {search.data.users.map((u) => (
                <ResultItem key={u.id}>
                  <button type="button" onClick={() => onSelect(u)}>
                    <Avatar name={display(u)} src={u.avatar_url ?? undefined} />
                    <span>
                      {display(u)} {u.username && <small>@{u.username}</small>}
                    </span>
                  </button>
                </ResultItem>
              ))}
            </Results>
          ))
        ))}
    </>
  );
}
