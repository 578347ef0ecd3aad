import type { SqlReader } from '../db/replica.js';

/**
 * What each audit action code means, in an admin's words: the one mapping the audit page, the
 * dashboard's Recent Activity and the KYC history show. recordAudit takes only these codes, and
 * words.test.ts fails when a writer in api/src (or its SQL) uses a code that has no words here.
 */
export const AUDIT_ACTION_WORDS = {
  'admin.kyc.approve': 'Approved an identity verification',
  'admin.kyc.reject': 'Rejected an identity verification',
  'admin.kyc.reset': 'Reset identity verification to Not started',
  'admin.user.update': 'Edited a user',
  'admin.user.grant_admin': 'Gave a user admin access',
  'admin.user.revoke_admin': "Removed a user's admin access",
  'admin.user.set_accredited': "Changed a user's accredited investor status",
  'admin.user.delete': 'Deleted a user account',
  'admin.ticket.update': 'Changed the status or priority of a ticket',
  'admin.ticket.respond': 'Answered a ticket',
  'admin.contact_message.update': 'Updated a contact message',
  'admin.campaign.approve': 'Approved a campaign',
  'admin.campaign.reject': 'Rejected a campaign',
  'admin.milestone.resolve': 'Resolved a milestone dispute',
  'admin.release.promote': 'Promoted a release',
  'admin.release.rollback': 'Rolled back to an earlier release',
  'release.publish': 'Published a release',
  'admin.release.canary': 'Served a release to a share of users (canary)',
  'admin.release.canary_promote': 'Promoted a canary to every user',
  'admin.release.canary_rollback': 'Rolled back a canary',
  'admin.release.rule': "Changed a remote's automatic rollback rule",
  'release.canary_auto_rollback': 'Rolled back a canary automatically (its rule)',
  'release.prune': "Deleted an old release's build files",
  'auth.password_reset': 'Reset their password',
  'auth.refresh_token_reused': 'Signed out everywhere after a reused sign-in token',
  'account.pin_reset': 'Reset their transaction PIN',
  'auth.passkey.add': 'Added a passkey',
  'auth.passkey.remove': 'Removed a passkey',
  'auth.second_factor.enable': 'Turned on authenticator-app codes',
  'auth.second_factor.disable': 'Turned off authenticator-app codes',
  'auth.recovery_codes.renew': 'Made new recovery codes',
  'auth.recovery_code.used': 'Signed in with a recovery code',
  'auth.new_device_sign_in': 'Signed in from a new device',
  'account.delete': 'Deleted their account',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;

/** The words of an action code; a code written before its words existed (old rows) reads as itself. */
export const auditActionWords = (action: string): string =>
  (AUDIT_ACTION_WORDS as Record<string, string>)[action] ?? action;

// subject kind -> the name a person recognises, by the record's uuid (one indexed lookup per kind and page)
const SUBJECT_NAMES: Record<string, string> = {
  user: `SELECT p.id::text, coalesce(p.full_name, u.email, p.username) AS name FROM profiles p LEFT JOIN users u ON u.id = p.id WHERE p.id = ANY($1::uuid[])`,
  kyc_submission: `SELECT id::text, legal_name AS name FROM kyc_submissions WHERE id = ANY($1::uuid[])`,
  ticket: `SELECT id::text, ticket_id || ' · ' || subject AS name FROM customer_support_tickets WHERE id = ANY($1::uuid[])`,
  campaign: `SELECT id::text, company_name AS name FROM funding_campaigns WHERE id = ANY($1::uuid[])`,
  contact_message: `SELECT id::text, name || ': ' || subject AS name FROM contact_messages WHERE id = ANY($1::uuid[])`,
  milestone: `SELECT id::text, title AS name FROM project_milestones WHERE id = ANY($1::uuid[])`,
  remote_release: `SELECT id::text, remote || ' ' || version AS name FROM remote_releases WHERE id = ANY($1::uuid[])`,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'ticket:<uuid>' -> 'TKT-000123 · Card declined', for every subject whose record still exists; others are absent. */
export async function subjectNames(db: SqlReader, subjects: (string | null)[]): Promise<Map<string, string>> {
  const byKind = new Map<string, string[]>();
  for (const s of subjects) {
    const [kind = '', id = ''] = s?.split(':') ?? [];
    if (SUBJECT_NAMES[kind] && UUID.test(id)) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  const names = new Map<string, string>();
  // one name query per kind of subject on the reader `db` (the audit page's replica): SQL
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const { rows } = await db.query<{ id: string; name: string | null }>(SUBJECT_NAMES[kind]!, [[...new Set(ids)]]);
      for (const r of rows) if (r.name) names.set(`${kind}:${r.id}`, r.name);
    }),
  );
  return names;
}
