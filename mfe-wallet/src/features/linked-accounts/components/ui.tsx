import styled from 'styled-components';
import { Card, Hint } from '@portal/shared-ui';

/** The pieces the linked-accounts cards share. */
export const Section = styled(Card)`min-width: 0;`;
export const List = styled.ul`list-style: none; margin: 0; padding: 0;`;
export const Item = styled.li`
  display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; padding: 14px 0;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  &:first-child { border-top: 0; padding-top: 4px; }
`;
/** Grows to fill the row and wraps its text; the row's actions go below it on narrow screens. */
export const Main = styled.div`flex: 1 1 200px; min-width: 0; overflow-wrap: anywhere;`;
/** An icon and the text beside it, kept on one line; what follows in the row wraps under it. */
export const Lead = styled.div`display: flex; gap: 12px; align-items: flex-start; flex: 1 1 300px; min-width: 0;`;
/** The row's status and actions: beside the text when there is room, else under it (aligned with the text, past the icon). */
export const Trail = styled.div`display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; margin-left: 52px;`;
/** The card header with its action at the right (wrapping under the title on narrow screens). */
export const HeadWithAction = styled.div`
  display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 12px; padding: 20px 20px 8px;
  > div:first-child { flex: 1 1 240px; display: flex; flex-direction: column; gap: 4px; }
`;
export const Title = styled.div`font-weight: 600; font-size: 15px; color: ${(p) => p.theme.colors.foreground};`;
export const Sub = styled.div`font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
export const Actions = styled.div`display: flex; flex-wrap: wrap; gap: 8px; align-items: center;`;
/** A short, plain fact under a form (the spec's FAQ: fees, bank timing). */
export const Note = styled(Hint)`margin: 0 0 16px;`;
export const Inline = styled.p`
  margin: 6px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.destructive};
`;
export const Icon = styled.span`
  flex: 0 0 auto; display: inline-flex; align-items: center; justify-content: center; width: 40px; height: 40px;
  border-radius: ${(p) => p.theme.radius.full}; background: ${(p) => p.theme.colors.muted}; color: ${(p) => p.theme.colors.primary};
`;

export function BankIcon() {
  return (
    <Icon aria-hidden>
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z" />
      </svg>
    </Icon>
  );
}

/** '0000' -> '•••• 0000' (the last digits the bank gives; nothing when it gives none). */
export const masked = (mask: string | null) => (mask ? `•••• ${mask}` : '');
/** 'depository', 'checking' -> 'Depository · Checking'. */
export const typeLine = (type: string, subtype: string | null) =>
  [type, subtype]
    .filter(Boolean)
    .map((s) => s!.charAt(0).toUpperCase() + s!.slice(1).replace(/_/g, ' '))
    .join(' · ');
