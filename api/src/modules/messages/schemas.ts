import { z } from '@hono/zod-openapi';
import { NOT_STORABLE, storableText } from '../../platform/http/schemas.js';

// What the messages' routes share: a chat partner, a thread, a message (snake_case JSON), the inputs.

export { json, security } from '../../platform/http/schemas.js';
const uuidParam = (name: string, notFound: string) => z.uuid(notFound).openapi({ param: { name, in: 'path' } });
export const THREAD_NOT_FOUND = 'Thread not found.';
export const RECIPIENT_NOT_FOUND = 'Recipient not found.';
export const ThreadParam = z.object({ id: uuidParam('id', THREAD_NOT_FOUND) });
export const UserParam = z.object({ userId: uuidParam('userId', RECIPIENT_NOT_FOUND) });

/** docs/product.md "Messages": non-empty trimmed text; a client id makes a retry harmless. */
export const SendInput = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Please write a message.')
    .max(4000, 'At most 4000 characters.')
    .refine(storableText, NOT_STORABLE),
  client_message_id: z.uuid('A client message id (a UUID) is required.').openapi({
    description: 'Chosen by the client once per message; a retry with the same id returns the stored message.',
  }),
});

const at = z.string().openapi({ format: 'date-time' });
export const Partner = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    username: z.string().nullable(),
    avatar_url: z.string().nullable(),
  })
  .openapi('ChatPartner');
export const MessageShape = z
  .object({
    id: z.uuid(),
    thread_id: z.uuid(),
    seq: z.number().int(),
    sender_id: z.uuid(),
    content: z.string(),
    client_message_id: z.uuid(),
    created_at: at,
  })
  .openapi('DirectMessage');
export const ThreadShape = z
  .object({
    id: z.uuid(),
    partner: Partner,
    last_seq: z.number().int(),
    my_read_seq: z.number().int(),
    partner_read_seq: z.number().int(),
    unread_count: z.number().int(),
    last_message: z.object({ content: z.string(), at }).nullable(),
    updated_at: at,
  })
  .openapi('MessageThread');
