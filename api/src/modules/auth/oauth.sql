/* @name LockUserByEmail */
SELECT id, email_confirmed_at FROM users WHERE email = :email! FOR UPDATE;
