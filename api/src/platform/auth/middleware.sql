/* @name IsAdmin */
SELECT p.is_admin FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = :userId! AND u.disabled_at IS NULL;
