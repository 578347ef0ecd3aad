/** Plaid's error object (error_type, error_code, error_message, display_message), as the client's failed request carries it. */
export interface PlaidError {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
}

export function plaidErrorOf(err: unknown): PlaidError | null {
  const data = (err as { response?: { data?: unknown } })?.response?.data as Partial<PlaidError> | undefined;
  return data && typeof data.error_code === 'string' && typeof data.error_type === 'string'
    ? (data as PlaidError)
    : null;
}
