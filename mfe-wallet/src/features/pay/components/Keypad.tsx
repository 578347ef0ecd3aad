import styled from 'styled-components';
import type { Key } from './keypad';

const Grid = styled.div`display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px;`;
const K = styled.button<{ $op?: boolean }>`
  height: 48px; font-size: 18px; font-weight: 600; cursor: pointer; border-radius: ${(p) => p.theme.radius.md};
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => (p.$op ? p.theme.colors.muted : p.theme.colors.background)};
  &:hover { background: ${(p) => p.theme.colors.secondaryHover}; }
  &:disabled { opacity: .5; cursor: not-allowed; }
`;
const ROWS: Key[][] = [
  ['C', '⌫', '%', '÷'],
  ['7', '8', '9', '×'],
  ['4', '5', '6', '-'],
  ['1', '2', '3', '+'],
  ['0', '.', '='],
];
const LABEL: Partial<Record<Key, string>> = {
  C: 'Clear',
  '⌫': 'Backspace',
  '%': 'Percent',
  '÷': 'Divide',
  '×': 'Multiply',
  '-': 'Minus',
  '+': 'Plus',
  '=': 'Equals',
  '.': 'Decimal point',
};

export function Keypad({ onKey, disabled }: { onKey: (k: Key) => void; disabled?: boolean }) {
  return (
    <Grid data-testid="keypad">
      {ROWS.flat().map((k) => (
        <K
          key={k}
          type="button"
          $op={!/^[\d.]$/.test(k)}
          aria-label={LABEL[k] ?? k}
          disabled={disabled}
          onClick={() => onKey(k)}
          style={k === '=' ? { gridColumn: 'span 2' } : undefined}
        >
          {k}
        </K>
      ))}
    </Grid>
  );
}
