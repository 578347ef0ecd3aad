import { useState } from 'react';
import { Avatar, Card, Input, Label, Link, useDebounced } from '@portal/shared-ui';
import { Back, Muted, Narrow, Row, who } from '../../../lib/ui';
import { useFindPeopleQuery } from '../api/messages';

/** /messages/new: find a person by name, username or e-mail; their chat opens at /messages/new/{userId}. */
export function NewMessagePage() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const { data, isFetching } = useFindPeopleQuery(q, { skip: q.length < 1 });
  return (
    <Narrow>
      <Back to="/messages">← Back to Messages</Back>
      <h1 style={{ fontSize: 26, margin: '0 0 16px' }}>New Message</h1>
      <Label htmlFor="find-person">To</Label>
      <Input
        id="find-person"
        type="search"
        placeholder="Name, username or e-mail"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      <div style={{ marginTop: 16, display: 'grid', gap: 8 }}>
        {q && isFetching && <Muted role="status">Searching...</Muted>}
        {q && data?.users.length === 0 && <Muted>No users found.</Muted>}
        {data?.users.map((u) => (
          <Card
            key={u.id}
            as={Link}
            to={`/messages/new/${u.id}`}
            style={{ padding: 12, textDecoration: 'none', color: 'inherit' }}
            data-testid="person-result"
          >
            <Row>
              <Avatar src={u.avatar_url} name={who(u)} size={32} />
              <strong>{who(u)}</strong>
              {u.username && <Muted as="span">@{u.username}</Muted>}
            </Row>
          </Card>
        ))}
      </div>
    </Narrow>
  );
}
