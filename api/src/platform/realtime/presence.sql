/* @name IsOnline */
-- A process that has not refreshed its rows (heartbeat every 20 s) for 60 seconds is gone (crashed):
-- its users are not online through it.
SELECT EXISTS (SELECT 1 FROM socket_presence WHERE user_id = :userId! AND seen_at > now() - interval '60 seconds') AS "online!";
