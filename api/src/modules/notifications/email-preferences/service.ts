import { getPrisma } from '../../../platform/db/prisma.js';
import { EMAIL_KINDS, NOTIFICATION_WORDS, type EmailKind } from '../../../platform/notifications/words.js';

export async function emailPreferences(userId: string) {
  const off = new Set(
    (await getPrisma().notificationEmailOptOut.findMany({ where: { userId }, select: { kind: true } })).map(
      (o) => o.kind,
    ),
  );
  return {
    preferences: EMAIL_KINDS.map((kind) => ({ kind, label: NOTIFICATION_WORDS[kind].label, email: !off.has(kind) })),
  };
}

/** Off: an opt-out row; on: none. Setting what is already set changes nothing. */
export async function setEmailPreference(userId: string, kind: EmailKind, email: boolean) {
  const db = getPrisma();
  if (email) await db.notificationEmailOptOut.deleteMany({ where: { userId, kind } });
  else
    await db.notificationEmailOptOut.upsert({
      where: { userId_kind: { userId, kind } },
      create: { userId, kind },
      update: {},
    });
  return emailPreferences(userId);
}
