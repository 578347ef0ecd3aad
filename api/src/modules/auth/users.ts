import type pg from 'pg';
import { forbidden } from '../../platform/errors.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** docs/product.md "Sign-in and sessions": an account whose e-mail is not confirmed within 48 hours is disabled. */
export const EMAIL_CONFIRMATION_WINDOW_HOURS = 48;

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  email_confirmed_at: Date | null;
  disabled_at: Date | null;
  is_admin: boolean | null;
  /** e-mail unconfirmed and the account older than 48 hours */
  confirmation_lapsed: boolean;
}

export const USER_COLUMNS = `u.id, u.email, u.password_hash, u.email_confirmed_at, u.disabled_at, p.is_admin,
  (u.email_confirmed_at IS NULL AND u.created_at <= now() - interval '${EMAIL_CONFIRMATION_WINDOW_HOURS} hours') AS confirmation_lapsed`;

export async function findUser(
  db: Queryable,
  where: 'email' | 'id' | 'phone',
  value: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.${where} = $1`,
    [value],
  );
  return rows[0];
}

/** What every sign-in form checks once the credential itself was proven. */
export function assertMaySignIn(user: Pick<UserRow, 'disabled_at' | 'confirmation_lapsed'>) {
  if (user.disabled_at) throw forbidden('This account is disabled.');
  if (user.confirmation_lapsed) {
    throw forbidden(
      'Email not confirmed. This account was disabled because its e-mail address was not confirmed within 48 hours. Request a new confirmation link to enable it.',
    );
  }
}

/** users + profiles in one statement; returns the new id. */
export async function insertUser(
  db: Queryable,
  u: {
    email: string;
    passwordHash: string | null;
    fullName: string | null;
    phone?: string | null;
    emailConfirmed: boolean;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `WITH nu AS (INSERT INTO users (email, password_hash, phone, email_confirmed_at)
                 VALUES ($1, $2, $3, CASE WHEN $5::boolean THEN now() END) RETURNING id)
     INSERT INTO profiles (id, full_name) SELECT id, $4 FROM nu RETURNING id`,
    [u.email, u.passwordHash, u.phone ?? null, u.fullName, u.emailConfirmed],
  );
  return rows[0]!.id;
}
