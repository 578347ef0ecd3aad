-- Notifications: what happened that involves a person (tables: migration 20261126000000_notify_notifications).
--
-- Invariant N1: a notification is written by notification_add_all() (one, through notification_add(), or a
-- send batch's many at once) in the transaction of its event,
-- on the event's own connection: it exists exactly when the event committed (a rolled-back event
-- leaves none), and the same event never writes it twice (each writer calls it once per event).
-- Invariant N2: only its user is told: the NOTIFY on 'user_events' names the one recipient, and
-- platform/realtime/sockets.ts hands it only to that user's sockets; it is delivered on COMMIT, and
-- only sent while the user has a socket open (user_has_socket): a transaction that sends a NOTIFY
-- commits under PostgreSQL's one notification-queue lock, one at a time, which cut concurrent
-- transfers to about a third (docs/decisions.md "Live pages"). A socket opened later reads the
-- unread count over HTTP when it connects.
-- Invariant N3: nobody is told about their own act (p_user = p_actor writes nothing).
-- The TypeScript writers call it through platform/notifications (notify()); SQL functions call it directly.

-- Whether the user has a live socket on any API process (socket_presence, kept by platform/realtime).
CREATE OR REPLACE FUNCTION user_has_socket(p_user uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM socket_presence WHERE user_id = p_user)
$$;

-- One event's notifications of one kind and link to several people at once (a send batch's receivers):
-- one INSERT for all of them; then a NOTIFY for each recipient who has a socket open (N2, N3 per row).
CREATE OR REPLACE FUNCTION notification_add_all(p_kind notification_kind, p_link text, p_users uuid[], p_actors uuid[], p_data jsonb[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_told bigint;
BEGIN
  WITH n AS MATERIALIZED (
    SELECT u.user_id, u.actor_id, u.data FROM unnest(p_users, p_actors, p_data) AS u(user_id, actor_id, data)
     WHERE u.user_id IS NOT NULL AND u.user_id IS DISTINCT FROM u.actor_id
  ), written AS (
    INSERT INTO notifications (user_id, kind, actor_id, link, data) SELECT n.user_id, p_kind, n.actor_id, p_link, coalesce(n.data, '{}') FROM n
  )
  -- the shape platform/realtime/sockets.ts reads on 'user_events'; the browser re-reads the count over HTTP
  SELECT count(pg_notify('user_events', json_build_object('to', json_build_array(n.user_id),
           'event', json_build_object('type', 'notification', 'kind', p_kind))::text))
    INTO v_told
    FROM n WHERE user_has_socket(n.user_id);
END $$;

CREATE OR REPLACE FUNCTION notification_add(p_user uuid, p_kind notification_kind, p_actor uuid, p_link text, p_data jsonb DEFAULT '{}')
RETURNS void LANGUAGE sql AS $$
  SELECT notification_add_all(p_kind, p_link, ARRAY[p_user], ARRAY[p_actor], ARRAY[p_data])
$$;
