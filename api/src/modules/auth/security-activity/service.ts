// Security events of an account (passkeys, second factor, recovery codes, a new device): each one is an audit
// entry written with the change and an e-mail to the account, and the user sees them beside their
// sessions.
import { auditActionWords, recordAudit, type AuditAction } from '../../../platform/audit/index.js';
import { getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { sendEmail } from '../../../platform/outbound/index.js';

export const SECURITY_ACTIONS = [
  'auth.passkey.add',
  'auth.passkey.remove',
  'auth.second_factor.enable',
  'auth.second_factor.disable',
  'auth.recovery_codes.renew',
  'auth.recovery_code.used',
  'auth.new_device_sign_in',
  'auth.password_reset',
] as const satisfies readonly AuditAction[];
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

const MAIL: Record<Exclude<SecurityAction, 'auth.password_reset'>, { subject: string; text: string }> = {
  'auth.passkey.add': {
    subject: 'A passkey was added to your Portal account',
    text: 'A new passkey ("{name}") can now sign in to your Portal account.',
  },
  'auth.passkey.remove': {
    subject: 'A passkey was removed from your Portal account',
    text: 'The passkey "{name}" can no longer sign in to your Portal account.',
  },
  'auth.second_factor.enable': {
    subject: 'Two-step sign-in is on',
    text: 'Signing in to your Portal account with a password now also needs a code from your authenticator app.',
  },
  'auth.second_factor.disable': {
    subject: 'Two-step sign-in is off',
    text: 'Signing in to your Portal account with a password no longer needs a code from your authenticator app.',
  },
  'auth.recovery_codes.renew': {
    subject: 'New recovery codes for your Portal account',
    text: 'New recovery codes were made; the old ones no longer work.',
  },
  'auth.recovery_code.used': {
    subject: 'A recovery code was used on your Portal account',
    text: 'Someone signed in to your Portal account with one of your recovery codes ({left} left).',
  },
  'auth.new_device_sign_in': {
    subject: 'New sign-in to your Portal account',
    text: 'Your Portal account was signed in from a device or browser it was not used on before: {device}.',
  },
};

/** Audit entry (in the caller's transaction, `inTransaction`) and a notice mailed to the account. */
export async function recordSecurityEvent(
  tx: PrismaTx,
  e: {
    userId: string;
    action: Exclude<SecurityAction, 'auth.password_reset'>;
    data?: Record<string, string | number>;
    ip?: string;
  },
): Promise<void> {
  await recordAudit(tx, { actorId: e.userId, action: e.action, subject: `user:${e.userId}`, data: e.data, ip: e.ip });
  const to = (await tx.user.findUnique({ where: { id: e.userId }, select: { email: true } }))?.email;
  if (!to) return;
  const mail = MAIL[e.action];
  const text = mail.text.replace(/\{(\w+)\}/g, (_, k: string) => String(e.data?.[k] ?? ''));
  await sendEmail({
    to,
    userId: e.userId,
    subject: mail.subject,
    text: `${text}\n\nIf this was not you, change your password and remove what you do not recognise on your profile page.`,
  });
}

/** The caller's own security events, newest first (bounded). */
export async function listSecurityActivity(userId: string, limit = 20) {
  const rows = await getPrisma().auditLog.findMany({
    where: { actorId: userId, subject: `user:${userId}`, action: { in: [...SECURITY_ACTIONS] } },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, action: true, createdAt: true, ip: true },
  });
  return rows.map((r) => ({
    id: r.id.toString(),
    action: r.action,
    words: auditActionWords(r.action),
    created_at: r.createdAt.toISOString(),
    ip: r.ip,
  }));
}
