import { describe, expect, it } from 'vitest';
import { symbolInitials } from '@portal/shared-ui';
import { kycStatusText } from './kyc-status';

describe('dashboard summary texts', () => {
  it('formats kyc status and symbol initials', () => {
    expect(kycStatusText('verified')).toBe('Verified');
    expect(kycStatusText(null)).toBe('Not Started');
    expect(symbolInitials('usdc')).toBe('US');
  });
});
