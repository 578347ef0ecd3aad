/* @name PinAttempt */
SELECT pin_attempt(:userId!, :proof!) AS refusal;

/* @name ResetPin */
UPDATE profiles p SET transaction_pin_hash = :pinHash!, pin_failed_attempts = 0, pin_locked_until = NULL, updated_at = now()
  FROM (SELECT id, CASE WHEN pin_locked_until > now() THEN pin_locked_until END AS locked, pin_failed_attempts AS failed
          FROM profiles WHERE id = :userId! AND transaction_pin_hash IS NOT NULL FOR NO KEY UPDATE) old
 WHERE p.id = old.id RETURNING old.locked, old.failed;
