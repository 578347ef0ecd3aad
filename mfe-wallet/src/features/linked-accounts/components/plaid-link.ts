import type { ExchangeBody } from '../api/exchange-public-token';

/**
 * The part of Plaid Link's browser script the page uses (its `window.Plaid`): create({ token,
 * onSuccess, onExit }).open(). The script comes from the link-token answer's script_url (Plaid's CDN,
 * or the local sandbox's stand-in) and is loaded once.
 */
export interface PlaidLinkError {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
}
export interface PlaidLinkAccount {
  id: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string | null;
}
export interface PlaidSuccessMetadata {
  institution: { institution_id: string; name: string } | null;
  accounts: PlaidLinkAccount[];
}
export interface PlaidHandler {
  open(): void;
  exit(): void;
  destroy(): void;
}
export interface PlaidCreateOptions {
  token: string;
  onSuccess: (publicToken: string, metadata: PlaidSuccessMetadata) => void;
  onExit?: (error: PlaidLinkError | null) => void;
}
export interface PlaidLink {
  create(options: PlaidCreateOptions): PlaidHandler;
}

const plaidOnPage = () => (window as Window & { Plaid?: PlaidLink }).Plaid;

let loading: { url: string; promise: Promise<PlaidLink> } | null = null;

/** Appends the Link script to <head> once; rejects when it cannot be loaded (a later call tries again). */
export function loadPlaidLink(url: string): Promise<PlaidLink> {
  const ready = plaidOnPage();
  if (ready) return Promise.resolve(ready);
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<PlaidLink>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const plaid = plaidOnPage();
      if (plaid) resolve(plaid);
      else reject(new Error('The bank connection script did not start.'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('The bank connection script could not be loaded.'));
    };
    document.head.append(script);
  });
  loading = { url, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  return promise;
}

/** What Link's onSuccess hands over, as POST /api/banking/exchange takes it. */
export function exchangeBody(publicToken: string, metadata: PlaidSuccessMetadata): ExchangeBody {
  return {
    public_token: publicToken,
    institution_id: metadata.institution?.institution_id ?? '',
    institution_name: metadata.institution?.name ?? '',
    accounts: metadata.accounts.map((a) => ({
      id: a.id,
      name: a.name,
      mask: a.mask ?? null,
      type: a.type,
      subtype: a.subtype ?? null,
    })),
  };
}

/** Link's own words for why it stopped, for the 'Error Linking Account' toast. */
export const linkErrorText = (e: PlaidLinkError) =>
  e.display_message || e.error_message || 'The bank connection stopped.';
