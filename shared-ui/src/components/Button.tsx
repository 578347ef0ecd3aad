import styled, { css } from 'styled-components';

export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants = {
  default: css`
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryForeground};
    &:hover:not(:disabled) { background: ${(p) => p.theme.colors.primaryHover}; }
  `,
  destructive: css`
    background: ${(p) => p.theme.colors.destructive};
    color: ${(p) => p.theme.colors.destructiveForeground};
    &:hover:not(:disabled) { background: ${(p) => p.theme.colors.destructiveHover}; }
  `,
  outline: css`
    background: ${(p) => p.theme.colors.background};
    color: ${(p) => p.theme.colors.foreground};
    border-color: ${(p) => p.theme.colors.border};
    &:hover:not(:disabled) { background: ${(p) => p.theme.colors.muted}; }
  `,
  secondary: css`
    background: ${(p) => p.theme.colors.secondary};
    color: ${(p) => p.theme.colors.secondaryForeground};
    &:hover:not(:disabled) { background: ${(p) => p.theme.colors.secondaryHover}; }
  `,
  ghost: css`
    background: transparent;
    color: ${(p) => p.theme.colors.foreground};
    &:hover:not(:disabled) { background: ${(p) => p.theme.colors.muted}; }
  `,
  link: css`
    background: transparent;
    color: ${(p) => p.theme.colors.primary};
    padding-left: 0; padding-right: 0;
    &:hover:not(:disabled) { text-decoration: underline; }
  `,
};
const sizes = {
  sm: css`height: 32px; padding: 0 12px; font-size: 13px;`,
  md: css`height: 40px; padding: 0 16px; font-size: 14px;`,
  lg: css`height: 44px; padding: 0 24px; font-size: 15px;`,
  icon: css`height: 40px; width: 40px; padding: 0;`,
};

/** Transient props ($variant, $size) keep styling props off the DOM. Use `as={Link}` for links. */
export const Button = styled.button<{ $variant?: ButtonVariant; $size?: ButtonSize; $block?: boolean }>`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  border: 1px solid transparent; border-radius: ${(p) => p.theme.radius.md};
  font-weight: 500; cursor: pointer; text-decoration: none; white-space: nowrap;
  transition: background .15s, color .15s;
  ${(p) => sizes[p.$size ?? 'md']}
  ${(p) => variants[p.$variant ?? 'default']}
  ${(p) => p.$block && css`width: 100%;`}
  &:disabled, &[aria-disabled='true'] { opacity: .5; cursor: not-allowed; pointer-events: none; }
`;
