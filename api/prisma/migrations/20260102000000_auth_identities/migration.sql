-- Sign-in in every form (issue 3): linked OAuth / One Tap identities, e-mail confirmation links,
-- and the OpenID Connect nonce bound to each OAuth state.

-- One row per (provider, provider's subject): the provider account that signs in as this user.
CREATE TABLE user_identities (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider   oauth_provider NOT NULL,
  subject    text NOT NULL,
  email      text,
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  UNIQUE (provider, subject)
);
CREATE INDEX user_identities_user_id_idx ON user_identities(user_id);

-- E-mail confirmation links: only the sha256 of the token is stored; valid 48 hours, single use.
CREATE TABLE email_confirmations (
  token_hash   text PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at   timestamptz(6) NOT NULL DEFAULT now(),
  expires_at   timestamptz(6) NOT NULL,
  consumed_at  timestamptz(6)
);
CREATE INDEX email_confirmations_user_id_idx ON email_confirmations(user_id);

ALTER TABLE oauth_states ADD COLUMN nonce text;
