import crypto from 'node:crypto';
import { createUser } from '../../../test/helpers.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';
import { startChat } from './with/service.js';

/**
 * Security-suite fixtures (test/security/fixtures.ts): a real thread of the owner with a fresh person,
 * holding a message whose text is a secret no one else may read.
 */
async function ownersThread(ownerId: string) {
  const secret = `private note ${crypto.randomUUID()}`;
  const { thread_id } = await startChat(ownerId, (await createUser()).id, {
    content: secret,
    client_message_id: crypto.randomUUID(),
  });
  return { params: { id: thread_id }, secrets: [thread_id, secret] };
}
const message = () => ({ content: 'Hello from the security suite', client_message_id: crypto.randomUUID() });

export const securityFixtures: SecurityFixtures = {
  'GET /api/messages/threads/{id}': ({ owner }) => ownersThread(owner.id),
  'GET /api/messages/threads/{id}/messages': ({ owner }) => ownersThread(owner.id),
  'POST /api/messages/threads/{id}/read': async ({ owner }) => ({
    ...(await ownersThread(owner.id)),
    body: { seq: 1 },
  }),
  'POST /api/messages/threads/{id}/messages': async ({ owner }) => ({
    ...(await ownersThread(owner.id)),
    body: message(),
    expect: [201],
  }),
  'GET /api/messages/with/{userId}': async () => ({ params: { userId: (await createUser()).id } }),
  'POST /api/messages/with/{userId}': async () => ({
    params: { userId: (await createUser()).id },
    body: message(),
    expect: [201],
  }),
};
