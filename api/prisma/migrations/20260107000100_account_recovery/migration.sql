-- Account recovery (issue 12): password reset links and PIN reset codes.
-- Invariants: only a digest of a link token or code is stored; a row is spent at most once
-- (used_at set by one UPDATE ... WHERE used_at IS NULL AND expires_at > now()), never after expires_at.

-- Password reset links ("Forgot password?"): the token mailed is "<id>.<secret>"; token_hash is
-- sha256(secret), compared in constant time after the lookup by id. Valid 1 hour, single use.
CREATE TABLE password_resets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash  text NOT NULL,
  created_at  timestamptz(6) NOT NULL DEFAULT now(),
  expires_at  timestamptz(6) NOT NULL,
  used_at     timestamptz(6),
  CHECK (expires_at > created_at)
);
CREATE INDEX password_resets_user_id_idx ON password_resets(user_id);

-- PIN reset codes (forgot PIN): 6 digits mailed to the account's e-mail, stored as an HMAC keyed with
-- the server secret, valid 10 minutes, single use, 5 wrong tries spend it. Only the newest is valid.
CREATE TABLE pin_reset_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at  timestamptz(6) NOT NULL DEFAULT now(),
  expires_at  timestamptz(6) NOT NULL,
  used_at     timestamptz(6),
  CHECK (expires_at > created_at)
);
CREATE INDEX pin_reset_codes_user_id_idx ON pin_reset_codes(user_id, created_at DESC);
