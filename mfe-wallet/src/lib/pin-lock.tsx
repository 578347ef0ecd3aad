import { useEffect } from 'react';
import styled from 'styled-components';
import { formatDate } from '@portal/shared-ui';
import { usePaymentSettingsQuery } from './transfer-api';

/**
 * A locked PIN (5 wrong in a row lock PIN actions for 15 minutes) is said on every screen that would
 * ask for the PIN, with the time it unlocks, instead of opening the PIN dialog. The lock
 * comes from GET /payment-settings (refetched after every send, which may have locked it) and ends by
 * itself: the settings are read again at the unlock time.
 */
export function usePinLock(): Date | null {
  const settings = usePaymentSettingsQuery();
  const until = settings.data?.pin_locked_until ? new Date(settings.data.pin_locked_until) : null;
  const left = until ? until.getTime() - Date.now() : 0;
  const { refetch } = settings;
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => void refetch(), Math.min(left + 500, 2 ** 31 - 1));
    return () => clearTimeout(t);
  }, [left, refetch]);
  return left > 0 ? until : null;
}

export const unlockTime = (until: Date) => formatDate(until, { timeStyle: 'short' });

const Notice = styled.p`
  margin: 0 0 16px; padding: 10px 12px; border-radius: ${(p) => p.theme.radius.md}; font-size: 14px;
  background: ${(p) => p.theme.colors.badge.red.bg}; color: ${(p) => p.theme.colors.destructive};
`;

export function PinLockNotice({ until }: { until: Date }) {
  return (
    <Notice role="alert" data-testid="pin-locked">
      Your PIN is locked after 5 incorrect attempts. You can send again at {unlockTime(until)}.
    </Notice>
  );
}
