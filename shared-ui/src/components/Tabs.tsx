import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';

interface TabsCtx {
  value: string;
  setValue: (v: string) => void;
  id: string;
}
const Ctx = createContext<TabsCtx | null>(null);
const useTabs = () => {
  const c = useContext(Ctx);
  if (!c) throw new Error('Tabs parts must be inside <Tabs>');
  return c;
};

export function Tabs({
  defaultValue,
  value,
  onValueChange,
  children,
}: {
  defaultValue: string;
  value?: string;
  onValueChange?: (v: string) => void;
  children: ReactNode;
}) {
  const [inner, setInner] = useState(defaultValue);
  const id = useId();
  const current = value ?? inner;
  const setValue = (v: string) => {
    setInner(v);
    onValueChange?.(v);
  };
  return <Ctx.Provider value={{ value: current, setValue, id }}>{children}</Ctx.Provider>;
}
export const TabsList = styled.div.attrs({ role: 'tablist' })`
  display: grid; grid-auto-flow: column; grid-auto-columns: 1fr; gap: 4px; padding: 4px;
  background: ${(p) => p.theme.colors.muted}; border-radius: ${(p) => p.theme.radius.md}; margin-bottom: 16px;
`;
const TriggerBtn = styled.button<{ $active: boolean }>`
  border: 0; border-radius: ${(p) => p.theme.radius.sm}; padding: 6px 12px; cursor: pointer; font-size: 14px; font-weight: 500;
  background: ${(p) => (p.$active ? p.theme.colors.background : 'transparent')};
  color: ${(p) => (p.$active ? p.theme.colors.foreground : p.theme.colors.mutedForeground)};
  box-shadow: ${(p) => (p.$active ? p.theme.shadow.sm : 'none')};
`;
export function TabsTrigger({ value, children, disabled }: { value: string; children: ReactNode; disabled?: boolean }) {
  const t = useTabs();
  const active = t.value === value;
  return (
    <TriggerBtn
      type="button"
      role="tab"
      id={`${t.id}-t-${value}`}
      aria-controls={`${t.id}-p-${value}`}
      aria-selected={active}
      $active={active}
      disabled={disabled}
      onClick={() => t.setValue(value)}
    >
      {children}
    </TriggerBtn>
  );
}
export function TabsContent({ value, children }: { value: string; children: ReactNode }) {
  const t = useTabs();
  if (t.value !== value) return null;
  return (
    <div role="tabpanel" id={`${t.id}-p-${value}`} aria-labelledby={`${t.id}-t-${value}`}>
      {children}
    </div>
  );
}
