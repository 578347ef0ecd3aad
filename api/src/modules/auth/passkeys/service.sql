/* @name LockPasskeyByCredentialId */
SELECT id FROM passkey_credentials WHERE credential_id = :credentialId! FOR UPDATE;
