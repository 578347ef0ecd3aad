import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const Overlay = styled.div`
  position: fixed; inset: 0; z-index: 50; background: rgba(15, 23, 42, .5);
  display: flex; align-items: center; justify-content: center; padding: 16px;
`;
const Panel = styled.div`
  width: 100%; max-width: 480px; max-height: calc(100vh - 32px); overflow: auto;
  background: ${(p) => p.theme.colors.background}; border-radius: ${(p) => p.theme.radius.lg};
  box-shadow: ${(p) => p.theme.shadow.lg}; padding: 24px;
`;
export const DialogTitle = styled.h2`margin: 0 0 8px; font-size: 18px; font-weight: 600;`;
export const DialogDescription = styled.p`margin: 0 0 16px; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px;`;
export const DialogFooter = styled.div`display: flex; justify-content: flex-end; gap: 8px; margin-top: 20px;`;

/** Modal dialog: Escape and a click on the backdrop close it. */
export function Dialog({
  open,
  onOpenChange,
  children,
  label,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  label?: string;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onOpenChange(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);
  if (!open) return null;
  return createPortal(
    <Overlay onMouseDown={(e) => e.target === e.currentTarget && onOpenChange(false)}>
      <Panel role="dialog" aria-modal="true" aria-label={label}>
        {children}
      </Panel>
    </Overlay>,
    document.body,
  );
}
