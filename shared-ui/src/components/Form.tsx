import styled from 'styled-components';

export const Input = styled.input`
  display: block; width: 100%; height: 40px; padding: 0 12px;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md};
  background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.foreground};
  font-size: 14px;
  &::placeholder { color: ${(p) => p.theme.colors.mutedForeground}; }
  &:focus { outline: 2px solid ${(p) => p.theme.colors.ring}; outline-offset: 1px; }
  &:disabled { opacity: .6; cursor: not-allowed; }
`;
export const Label = styled.label`
  display: block; font-size: 14px; font-weight: 500; margin-bottom: 6px;
`;
export const Field = styled.div`
  display: flex; flex-direction: column; margin-bottom: 16px;
`;
/** The reason a field is refused, under the field (link it with the input's aria-describedby). */
export const FieldError = styled.p`
  margin: 6px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.destructive};
`;
export const Select = styled.select`
  display: block; width: 100%; height: 40px; padding: 0 8px; font-size: 14px;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md}; background: ${(p) => p.theme.colors.background};
  color: ${(p) => p.theme.colors.foreground};
`;
export const Textarea = styled.textarea`
  display: block; width: 100%; min-height: 96px; padding: 8px 12px; font: inherit; font-size: 14px; resize: vertical;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md};
  background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.foreground};
  &:focus { outline: 2px solid ${(p) => p.theme.colors.ring}; outline-offset: 1px; }
`;
/** A line of help under a field. */
export const Hint = styled.p`margin: 6px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
