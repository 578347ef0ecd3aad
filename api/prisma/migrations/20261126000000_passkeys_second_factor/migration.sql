-- Passkeys (WebAuthn), authenticator-app codes (TOTP) with recovery codes, and which sessions proved a
-- second factor when (step-up): api/src/platform/second-factor, docs/decisions.md "Passkeys, second factor and step-up".

-- A registered passkey: its public key (COSE) and signature counter, checked on every use.
CREATE TABLE passkey_credentials (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key    bytea NOT NULL,
  counter       bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports    text[] NOT NULL DEFAULT '{}',
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at    timestamptz(6) NOT NULL DEFAULT now(),
  last_used_at  timestamptz(6)
);
CREATE INDEX passkey_credentials_user_idx ON passkey_credentials (user_id);

-- A challenge handed to a browser, spent once (deleted when answered) or lapsing at expires_at.
CREATE TABLE webauthn_challenges (
  challenge  text PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'second_factor', 'step_up')),
  user_id    uuid REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz(6) NOT NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);

-- Authenticator app: the shared secret sealed with a server key; enabled once a first code proved it.
-- last_step: the newest 30-second step a code was accepted for (a code is never accepted twice).
CREATE TABLE totp_factors (
  user_id     uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret      text NOT NULL,
  enabled_at  timestamptz(6),
  last_step   bigint,
  created_at  timestamptz(6) NOT NULL DEFAULT now()
);

-- One-time recovery codes, stored as keyed hashes; used_at set when spent.
CREATE TABLE recovery_codes (
  id         bigserial PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  used_at    timestamptz(6),
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);

-- A session (refresh-token family) that proved a second factor, and when it last did (step-up).
CREATE TABLE session_second_factors (
  family_id   uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  method      text NOT NULL CHECK (method IN ('passkey', 'totp', 'recovery_code')),
  verified_at timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX session_second_factors_user_idx ON session_second_factors (user_id);
