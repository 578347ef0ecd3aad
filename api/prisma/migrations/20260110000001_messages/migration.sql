-- Live direct messages (issue 17). Each message gets a sequence number within its thread from the
-- database (the thread row's last_seq, raised under its row lock: prisma/sql/messages.sql); a
-- client's message id makes sending idempotent; each member's read position is kept on the thread.
ALTER TABLE message_threads
  ADD COLUMN last_seq bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
  ADD COLUMN user_one_read_seq bigint NOT NULL DEFAULT 0 CHECK (user_one_read_seq BETWEEN 0 AND last_seq),
  ADD COLUMN user_two_read_seq bigint NOT NULL DEFAULT 0 CHECK (user_two_read_seq BETWEEN 0 AND last_seq);
-- the thread list of a user, newest first (both columns: a user is one or two of a pair)
CREATE INDEX message_threads_user_one_updated_idx ON message_threads (user_one_id, updated_at DESC, id DESC);
CREATE INDEX message_threads_user_two_updated_idx ON message_threads (user_two_id, updated_at DESC, id DESC);

ALTER TABLE direct_messages
  ADD COLUMN seq bigint NOT NULL CHECK (seq > 0),
  ADD COLUMN client_message_id uuid NOT NULL,
  ADD CONSTRAINT direct_messages_content_length CHECK (char_length(content) <= 4000),
  ADD CONSTRAINT direct_messages_not_to_self CHECK (sender_id <> receiver_id);
CREATE UNIQUE INDEX direct_messages_thread_seq_key ON direct_messages (thread_id, seq);
CREATE UNIQUE INDEX direct_messages_sender_client_id_key ON direct_messages (sender_id, client_message_id);
DROP INDEX direct_messages_thread_id_created_at_idx;

-- Who is connected (presence): one row per API process and user with an open socket, refreshed by
-- that process's heartbeat; a row older than the heartbeat's allowance belongs to a process gone.
CREATE TABLE socket_presence (
  node_id  text NOT NULL,
  user_id  uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  seen_at  timestamptz(6) NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, user_id)
);
CREATE INDEX socket_presence_user_idx ON socket_presence (user_id, seen_at);
