// Generated from seed.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from './typed-sql.js';

export type kyc_status = 'not_started' | 'pending' | 'rejected' | 'verified';

export type kyc_submission_status = 'approved' | 'pending' | 'rejected';

export type DateOrString = Date | string;

/** 'InsertKycSubmission' parameters type */
export interface IInsertKycSubmissionParams {
  country: string;
  dateOfBirth: DateOrString;
  documentNumber: string;
  documentPath: string;
  documentType: string;
  legalName: string;
  reviewedDaysAgo?: number | null | void;
  reviewerId?: string | null | void;
  status: kyc_submission_status;
  submittedDaysAgo: number;
  userId: string;
}

/** 'InsertKycSubmission' return type */
export interface IInsertKycSubmissionResult {
  id: string;
}

/** 'InsertKycSubmission' query type */
export interface IInsertKycSubmissionQuery {
  params: IInsertKycSubmissionParams;
  result: IInsertKycSubmissionResult;
}

const insertKycSubmissionIR: any = {"usedParamSet":{"userId":true,"status":true,"legalName":true,"dateOfBirth":true,"country":true,"documentType":true,"documentNumber":true,"documentPath":true,"reviewerId":true,"submittedDaysAgo":true,"reviewedDaysAgo":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":227,"b":234}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":237,"b":244}]},{"name":"legalName","required":true,"transform":{"type":"scalar"},"locs":[{"a":247,"b":257}]},{"name":"dateOfBirth","required":true,"transform":{"type":"scalar"},"locs":[{"a":260,"b":272}]},{"name":"country","required":true,"transform":{"type":"scalar"},"locs":[{"a":281,"b":289}]},{"name":"documentType","required":true,"transform":{"type":"scalar"},"locs":[{"a":292,"b":305}]},{"name":"documentNumber","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":323}]},{"name":"documentPath","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":339}]},{"name":"reviewerId","required":false,"transform":{"type":"scalar"},"locs":[{"a":355,"b":365}]},{"name":"submittedDaysAgo","required":true,"transform":{"type":"scalar"},"locs":[{"a":406,"b":423}]},{"name":"reviewedDaysAgo","required":false,"transform":{"type":"scalar"},"locs":[{"a":457,"b":472}]}],"statement":"INSERT INTO kyc_submissions (user_id, status, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type,\n                             reviewer_id, created_at, reviewed_at)\nVALUES (:userId!, :status!, :legalName!, :dateOfBirth!::date, :country!, :documentType!, :documentNumber!, :documentPath!, 'image/png', :reviewerId,\n        now() - make_interval(days => :submittedDaysAgo!), now() - make_interval(days => :reviewedDaysAgo))\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO kyc_submissions (user_id, status, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type,
 *                              reviewer_id, created_at, reviewed_at)
 * VALUES (:userId!, :status!, :legalName!, :dateOfBirth!::date, :country!, :documentType!, :documentNumber!, :documentPath!, 'image/png', :reviewerId,
 *         now() - make_interval(days => :submittedDaysAgo!), now() - make_interval(days => :reviewedDaysAgo))
 * RETURNING id
 * ```
 */
export const insertKycSubmission = new PreparedQuery<IInsertKycSubmissionParams,IInsertKycSubmissionResult>(insertKycSubmissionIR);


/** 'InsertUserWithProfile' parameters type */
export interface IInsertUserWithProfileParams {
  accredited: boolean;
  admin: boolean;
  email: string;
  fullName?: string | null | void;
  kycStatus: kyc_status;
  passwordHash?: string | null | void;
  username?: string | null | void;
}

/** 'InsertUserWithProfile' return type */
export interface IInsertUserWithProfileResult {
  id: string;
}

/** 'InsertUserWithProfile' query type */
export interface IInsertUserWithProfileQuery {
  params: IInsertUserWithProfileParams;
  result: IInsertUserWithProfileResult;
}

const insertUserWithProfileIR: any = {"usedParamSet":{"email":true,"passwordHash":true,"fullName":true,"username":true,"kycStatus":true,"accredited":true,"admin":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":87,"b":93}]},{"name":"passwordHash","required":false,"transform":{"type":"scalar"},"locs":[{"a":97,"b":109}]},{"name":"fullName","required":false,"transform":{"type":"scalar"},"locs":[{"a":237,"b":245}]},{"name":"username","required":false,"transform":{"type":"scalar"},"locs":[{"a":248,"b":256}]},{"name":"kycStatus","required":true,"transform":{"type":"scalar"},"locs":[{"a":259,"b":269}]},{"name":"accredited","required":true,"transform":{"type":"scalar"},"locs":[{"a":284,"b":295}]},{"name":"admin","required":true,"transform":{"type":"scalar"},"locs":[{"a":298,"b":304}]}],"statement":"WITH nu AS (INSERT INTO users (email, password_hash, email_confirmed_at) VALUES (lower(:email!), :passwordHash, now()) RETURNING id)\nINSERT INTO profiles (id, full_name, username, kyc_status, is_accredited_investor, is_admin)\nSELECT id, :fullName, :username, :kycStatus!::kyc_status, :accredited!, :admin! FROM nu RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * WITH nu AS (INSERT INTO users (email, password_hash, email_confirmed_at) VALUES (lower(:email!), :passwordHash, now()) RETURNING id)
 * INSERT INTO profiles (id, full_name, username, kyc_status, is_accredited_investor, is_admin)
 * SELECT id, :fullName, :username, :kycStatus!::kyc_status, :accredited!, :admin! FROM nu RETURNING id
 * ```
 */
export const insertUserWithProfile = new PreparedQuery<IInsertUserWithProfileParams,IInsertUserWithProfileResult>(insertUserWithProfileIR);


