import { describe, expect, it } from 'vitest';
import { isNotFound, readFailure } from './not-found';

// Errors as shared-ui's baseQuery gives them: HTTP status plus the API's envelope.
const unknownId = { status: 404, error: 'Not found', code: 'NOT_FOUND' };
const malformedId = {
  status: 400,
  error: 'Invalid request',
  code: 'VALIDATION',
  details: { fields: { id: 'Not found.' } },
};
const malformedUserId = {
  status: 400,
  error: 'Invalid request',
  code: 'VALIDATION',
  details: { fields: { userId: 'Recipient not found.' } },
};
const badBody = {
  status: 400,
  error: 'Invalid request',
  code: 'VALIDATION',
  details: { fields: { due_date: 'The due date cannot be in the past.' } },
};
const down = {
  status: 503,
  error: 'The service is temporarily unavailable. Please try again in a moment.',
  code: 'UNAVAILABLE',
};

describe("a record that is not there: an unknown id and a malformed one read the same ('Campaign not found.')", () => {
  it('404 and a 400 on the path id are not found; a 400 on a body field or a 503 are not', () => {
    expect(isNotFound(unknownId)).toBe(true);
    expect(isNotFound(malformedId)).toBe(true);
    expect(isNotFound(malformedUserId)).toBe(true);
    expect(isNotFound(badBody)).toBe(false);
    expect(isNotFound(down)).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });

  it("says the page's own not-found text, else the server's reason", () => {
    expect(readFailure(malformedId, 'Campaign not found.')).toBe('Campaign not found.');
    expect(readFailure(unknownId, 'Campaign not found.')).toBe('Campaign not found.');
    expect(readFailure(down, 'Campaign not found.')).toBe(
      'The service is temporarily unavailable. Please try again in a moment.',
    );
  });
});
