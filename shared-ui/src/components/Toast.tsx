import { useSyncExternalStore } from 'react';
import styled from 'styled-components';

export type ToastVariant = 'default' | 'destructive' | 'success';
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}
export interface ToastItem extends ToastInput {
  id: number;
}

/**
 * Toast queue shared by shell and remotes (shared-ui is a singleton): `toast()` can be called from
 * anywhere, the shell renders one <Toaster/>.
 */
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}
export function toast(input: ToastInput): number {
  const id = nextId++;
  items = [...items.slice(-4), { ...input, id }];
  emit();
  setTimeout(() => dismissToast(id), input.durationMs ?? 5000);
  return id;
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const Viewport = styled.ol`
  position: fixed; z-index: 100; bottom: 16px; right: 16px; left: 16px; margin: 0; padding: 0; list-style: none;
  display: flex; flex-direction: column; gap: 8px; align-items: flex-end; pointer-events: none;
`;
const Item = styled.li<{ $variant: ToastVariant }>`
  pointer-events: auto; width: 100%; max-width: 380px; padding: 14px 40px 14px 16px; position: relative;
  border-radius: ${(p) => p.theme.radius.md}; box-shadow: ${(p) => p.theme.shadow.lg};
  border: 1px solid ${(p) => (p.$variant === 'default' ? p.theme.colors.border : 'transparent')};
  background: ${(p) => (p.$variant === 'destructive' ? p.theme.colors.destructive : p.$variant === 'success' ? p.theme.colors.success : p.theme.colors.background)};
  color: ${(p) => (p.$variant === 'default' ? p.theme.colors.foreground : '#fff')};
  strong { display: block; font-size: 14px; }
  p { margin: 2px 0 0; font-size: 13px; opacity: .9; }
  button { position: absolute; top: 8px; right: 8px; border: 0; background: none; color: inherit; cursor: pointer; font-size: 16px; }
`;

export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <Viewport aria-live="polite">
      {list.map((t) => (
        <Item key={t.id} $variant={t.variant ?? 'default'} role="status" data-variant={t.variant ?? 'default'}>
          <strong>{t.title}</strong>
          {t.description && <p>{t.description}</p>}
          <button type="button" aria-label="Close" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </Item>
      ))}
    </Viewport>
  );
}
