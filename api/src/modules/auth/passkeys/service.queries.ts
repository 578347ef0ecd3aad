// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'LockPasskeyByCredentialId' parameters type */
export interface ILockPasskeyByCredentialIdParams {
  credentialId: string;
}

/** 'LockPasskeyByCredentialId' return type */
export interface ILockPasskeyByCredentialIdResult {
  id: string;
}

/** 'LockPasskeyByCredentialId' query type */
export interface ILockPasskeyByCredentialIdQuery {
  params: ILockPasskeyByCredentialIdParams;
  result: ILockPasskeyByCredentialIdResult;
}

const lockPasskeyByCredentialIdIR: any = {"usedParamSet":{"credentialId":true},"params":[{"name":"credentialId","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":70}]}],"statement":"SELECT id FROM passkey_credentials WHERE credential_id = :credentialId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM passkey_credentials WHERE credential_id = :credentialId! FOR UPDATE
 * ```
 */
export const lockPasskeyByCredentialId = new PreparedQuery<ILockPasskeyByCredentialIdParams,ILockPasskeyByCredentialIdResult>(lockPasskeyByCredentialIdIR);


