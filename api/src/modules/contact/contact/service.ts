import { getPrisma } from '../../../platform/db/prisma.js';
import * as rateLimit from '../../../platform/rate-limit.js';

// At most 5 messages per address (IP) per hour: the form is public.
const CONTACT_LIMIT_PER_IP = 5;

export async function enforceContactLimit(ip: string) {
  await rateLimit.enforce(
    `contact:ip:${ip}`,
    CONTACT_LIMIT_PER_IP,
    3600,
    (r) => `Too many messages. Please try again in ${Math.ceil(r / 60)} minute${r > 60 ? 's' : ''}.`,
  );
}

/** Stores a message of the contact form (user_id when the sender is signed in). */
export async function storeContactMessage(
  message: { name: string; email: string; subject: string; message: string },
  userId: string | null,
) {
  const prisma = getPrisma();
  // a session whose profile is gone (account deleted meanwhile) sends as a guest
  const sender = userId ? await prisma.profile.findUnique({ where: { id: userId }, select: { id: true } }) : null;
  const stored = await prisma.contactMessage.create({
    data: {
      name: message.name,
      email: message.email.toLowerCase(),
      subject: message.subject,
      message: message.message,
      userId: sender?.id ?? null,
    },
    select: { id: true, createdAt: true },
  });
  return { id: stored.id, created_at: stored.createdAt.toISOString() };
}
