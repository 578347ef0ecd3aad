import { useState, type ReactNode } from 'react';
import styled from 'styled-components';

const Item = styled.div`border-bottom: 1px solid ${(p) => p.theme.colors.border};`;
const Trigger = styled.button`
  display: flex; width: 100%; justify-content: space-between; align-items: center; gap: 12px;
  padding: 14px 0; border: 0; background: none; cursor: pointer; font-weight: 500; text-align: left; font-size: 15px;
  &:hover { text-decoration: underline; }
`;
const Body = styled.div`padding: 0 0 14px; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px;`;

/** Single-open accordion: opening one item closes the other; clicking the open one closes it. */
export function Accordion({ items }: { items: { id: string; title: ReactNode; content: ReactNode }[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div>
      {items.map((it) => (
        <Item key={it.id}>
          <Trigger type="button" aria-expanded={open === it.id} onClick={() => setOpen(open === it.id ? null : it.id)}>
            {it.title}
            <span aria-hidden>{open === it.id ? '−' : '+'}</span>
          </Trigger>
          {open === it.id && <Body>{it.content}</Body>}
        </Item>
      ))}
    </div>
  );
}
