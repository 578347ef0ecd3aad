-- Direct messages.
--
-- Invariant DM1: exactly one thread per pair of users: message_threads stores the pair ordered
-- (user_one_id < user_two_id, a CHECK) under a UNIQUE key; dm_open_thread inserts or finds it, so two
-- users starting a chat with each other at the same moment get the same thread.
-- Invariant DM2: in a thread, messages are numbered 1, 2, 3... without gaps or repeats, in commit
-- order: dm_send raises message_threads.last_seq under the thread's row lock and gives the message
-- that number (UNIQUE (thread_id, seq)). Clients order by seq and fetch "after my last seq" after a
-- reconnect: nothing is lost, doubled or reordered.
-- Invariant DM3: a message is stored once per (sender, client_message_id): a retry of a send returns
-- the stored message instead of adding another.
-- Invariant DM4: a member's read position never passes the thread's last seq and never moves back;
-- sending moves the sender's own position to their message (one has read what one answers).

CREATE OR REPLACE FUNCTION dm_open_thread(p_a uuid, p_b uuid) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_one uuid := least(p_a, p_b);
  v_two uuid := greatest(p_a, p_b);
  v_id uuid;
BEGIN
  IF p_a = p_b THEN RAISE EXCEPTION 'a thread needs two users' USING ERRCODE = 'check_violation'; END IF;
  INSERT INTO message_threads (user_one_id, user_two_id) VALUES (v_one, v_two)
    ON CONFLICT (user_one_id, user_two_id) DO NOTHING RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    -- the other insert committed first: this statement's snapshot sees it
    SELECT id INTO v_id FROM message_threads WHERE user_one_id = v_one AND user_two_id = v_two;
  END IF;
  RETURN v_id;
END $$;

CREATE OR REPLACE FUNCTION dm_send(p_thread uuid, p_sender uuid, p_client_id uuid, p_content text)
RETURNS direct_messages LANGUAGE plpgsql AS $$
DECLARE
  v_msg direct_messages;
  v_thread message_threads;
BEGIN
  SELECT * INTO v_msg FROM direct_messages WHERE sender_id = p_sender AND client_message_id = p_client_id;
  IF FOUND THEN RETURN v_msg; END IF;
  UPDATE message_threads SET last_seq = last_seq + 1, last_message_text = left(p_content, 200), last_message_at = now(), updated_at = now(),
         user_one_read_seq = CASE WHEN user_one_id = p_sender THEN last_seq + 1 ELSE user_one_read_seq END,
         user_two_read_seq = CASE WHEN user_two_id = p_sender THEN last_seq + 1 ELSE user_two_read_seq END
   WHERE id = p_thread AND p_sender IN (user_one_id, user_two_id)
   RETURNING * INTO v_thread;
  IF NOT FOUND THEN RAISE EXCEPTION 'not a member of thread %', p_thread USING ERRCODE = 'no_data_found'; END IF;
  -- a retry racing its first attempt fails here on (sender_id, client_message_id): the caller reads the stored one
  INSERT INTO direct_messages (thread_id, sender_id, receiver_id, content, seq, client_message_id)
  VALUES (p_thread, p_sender, CASE WHEN v_thread.user_one_id = p_sender THEN v_thread.user_two_id ELSE v_thread.user_one_id END,
          p_content, v_thread.last_seq, p_client_id)
  RETURNING * INTO v_msg;
  RETURN v_msg;
END $$;

CREATE OR REPLACE FUNCTION dm_mark_read(p_thread uuid, p_user uuid, p_seq bigint) RETURNS bigint LANGUAGE sql AS $$
  UPDATE message_threads SET
    user_one_read_seq = CASE WHEN user_one_id = p_user THEN greatest(user_one_read_seq, least(p_seq, last_seq)) ELSE user_one_read_seq END,
    user_two_read_seq = CASE WHEN user_two_id = p_user THEN greatest(user_two_read_seq, least(p_seq, last_seq)) ELSE user_two_read_seq END
   WHERE id = p_thread AND p_user IN (user_one_id, user_two_id)
  RETURNING CASE WHEN user_one_id = p_user THEN user_one_read_seq ELSE user_two_read_seq END
$$;
