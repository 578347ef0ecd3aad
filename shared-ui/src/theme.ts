import { createGlobalStyle } from 'styled-components';

export const theme = {
  colors: {
    background: '#ffffff',
    foreground: '#0f172a',
    muted: '#f1f5f9',
    mutedForeground: '#556477', // >= 4.5:1 on white, muted, page and border backgrounds (axe color-contrast)
    border: '#e2e8f0',
    primary: '#2563eb',
    primaryHover: '#1d4ed8',
    primaryForeground: '#ffffff',
    secondary: '#f1f5f9',
    secondaryHover: '#e2e8f0',
    secondaryForeground: '#0f172a',
    destructive: '#dc2626',
    destructiveHover: '#b91c1c',
    destructiveForeground: '#ffffff',
    success: '#15803d', // text on white/page backgrounds needs >= 4.5:1 (axe color-contrast)
    ring: '#93c5fd',
    page: '#f8fafc',
    badge: {
      green: { bg: '#dcfce7', fg: '#166534' },
      yellow: { bg: '#fef9c3', fg: '#854d0e' },
      red: { bg: '#fee2e2', fg: '#991b1b' },
      blue: { bg: '#dbeafe', fg: '#1e40af' },
      grey: { bg: '#f1f5f9', fg: '#334155' },
      // shadcn's 'default' and 'outline' badges, where the spec names those (invoices)
      primary: { bg: '#2563eb', fg: '#ffffff' },
      outline: { bg: 'transparent', fg: '#0f172a' },
    },
  },
  radius: { sm: '6px', md: '8px', lg: '12px', full: '9999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    family: `ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`,
    mono: `ui-monospace, SFMono-Regular, Menlo, monospace`,
  },
  shadow: {
    sm: '0 1px 2px rgba(15,23,42,.06)',
    md: '0 4px 12px rgba(15,23,42,.08)',
    lg: '0 12px 32px rgba(15,23,42,.18)',
  },
  breakpoints: { md: '768px', lg: '1024px' },
} as const;

export type PortalTheme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends PortalTheme {}
}

export const media = {
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
};

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${(p) => p.theme.font.family};
    color: ${(p) => p.theme.colors.foreground};
    background: ${(p) => p.theme.colors.page};
    -webkit-font-smoothing: antialiased;
    line-height: 1.5;
  }
  a { color: inherit; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 2px solid ${(p) => p.theme.colors.ring}; outline-offset: 2px; }
`;
