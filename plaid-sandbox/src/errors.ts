// Plaid's error object and the errors the sandbox answers with, worded like Plaid's own
// (https://plaid.com/docs/errors/) so the portal's error handling is exercised for real.

export interface PlaidErrorObject {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
}

/** Thrown by handlers; the server turns it into Plaid's JSON error body with this status. */
export class PlaidApiError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly plaidError: PlaidErrorObject,
  ) {
    super(plaidError.error_message);
  }
}

function plaidError(
  errorType: string,
  errorCode: string,
  message: string,
  displayMessage: string | null = null,
  status: 400 | 404 = 400,
) {
  return new PlaidApiError(status, {
    error_type: errorType,
    error_code: errorCode,
    error_message: message,
    display_message: displayMessage,
  });
}

export const itemLoginRequiredError: PlaidErrorObject = {
  error_type: 'ITEM_ERROR',
  error_code: 'ITEM_LOGIN_REQUIRED',
  error_message:
    "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
  display_message: 'Your bank needs you to sign in again.',
};

export const itemLoginRequired = () => new PlaidApiError(400, itemLoginRequiredError);

export const invalidApiKeys = () =>
  plaidError('INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');

export const invalidAccessToken = () =>
  plaidError('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'could not find matching access token');

export const invalidPublicToken = () =>
  plaidError('INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'could not find matching public token');

export const invalidLinkToken = () =>
  plaidError(
    'INVALID_INPUT',
    'INVALID_LINK_TOKEN',
    'provided link token is expired or invalid',
    'Please try connecting your bank again.',
  );

export const invalidInstitution = (institutionId: string) =>
  plaidError('INVALID_INPUT', 'INVALID_INSTITUTION', `invalid institution_id provided: ${institutionId}`);

export const invalidAccountId = (accountId: string) =>
  plaidError('INVALID_INPUT', 'INVALID_ACCOUNT_ID', `the account_id ${accountId} does not belong to this item`);

export const invalidWebhookVerificationKeyId = () =>
  plaidError('INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'invalid key_id provided');

export const invalidField = (message: string) => plaidError('INVALID_REQUEST', 'INVALID_FIELD', message);

export const invalidBody = () => plaidError('INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON');

export const missingFields = (fields: string[]) =>
  plaidError('INVALID_REQUEST', 'MISSING_FIELDS', `the following required fields are missing: ${fields.join(', ')}`);

export const notFound = () => plaidError('INVALID_REQUEST', 'NOT_FOUND', 'not found', null, 404);

export const transferError = (errorCode: string, message: string) => plaidError('TRANSFER_ERROR', errorCode, message);
