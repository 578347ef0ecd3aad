-- Notifications: what happened that involves a person (tables: migration 20261126000000_notify_notifications).
--
-- Invariant N1: a notification is written by notification_add() in the transaction of its event,
-- on the event's own connection: it exists exactly when the event committed (a rolled-back event
-- leaves none), and the same event never writes it twice (each writer calls it once per event).
-- Invariant N2: only its user is told: the NOTIFY on 'user_events' names the one recipient, and
-- platform/realtime/sockets.ts hands it only to that user's sockets; it is delivered on COMMIT.
-- Invariant N3: nobody is told about their own act (p_user = p_actor writes nothing).
-- The TypeScript writers call it through platform/notifications (notify()); SQL functions call it directly.

CREATE OR REPLACE FUNCTION notification_add(p_user uuid, p_kind notification_kind, p_actor uuid, p_link text, p_data jsonb DEFAULT '{}')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_user IS NULL OR p_user = p_actor THEN RETURN; END IF;
  INSERT INTO notifications (user_id, kind, actor_id, link, data) VALUES (p_user, p_kind, p_actor, p_link, coalesce(p_data, '{}'));
  -- the shape platform/realtime/sockets.ts reads on 'user_events'; the browser re-reads the count over HTTP
  PERFORM pg_notify('user_events', json_build_object('to', json_build_array(p_user),
    'event', json_build_object('type', 'notification', 'kind', p_kind))::text);
END $$;
