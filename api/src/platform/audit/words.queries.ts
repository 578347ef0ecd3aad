// Generated from words.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

export type stringArray = (string)[];

/** 'UserNames' parameters type */
export interface IUserNamesParams {
  ids: stringArray;
}

/** 'UserNames' return type */
export interface IUserNamesResult {
  id: string;
  name: string | null;
}

/** 'UserNames' query type */
export interface IUserNamesQuery {
  params: IUserNamesParams;
  result: IUserNamesResult;
}

const userNamesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":149}]}],"statement":"SELECT p.id::text AS \"id!\", coalesce(p.full_name, u.email, p.username) AS name FROM profiles p LEFT JOIN users u ON u.id = p.id WHERE p.id = ANY(:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id::text AS "id!", coalesce(p.full_name, u.email, p.username) AS name FROM profiles p LEFT JOIN users u ON u.id = p.id WHERE p.id = ANY(:ids!::uuid[])
 * ```
 */
export const userNames = new PreparedQuery<IUserNamesParams,IUserNamesResult>(userNamesIR);


/** 'KycSubmissionNames' parameters type */
export interface IKycSubmissionNamesParams {
  ids: stringArray;
}

/** 'KycSubmissionNames' return type */
export interface IKycSubmissionNamesResult {
  id: string;
  name: string;
}

/** 'KycSubmissionNames' query type */
export interface IKycSubmissionNamesQuery {
  params: IKycSubmissionNamesParams;
  result: IKycSubmissionNamesResult;
}

const kycSubmissionNamesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":85}]}],"statement":"SELECT id::text AS \"id!\", legal_name AS name FROM kyc_submissions WHERE id = ANY(:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id::text AS "id!", legal_name AS name FROM kyc_submissions WHERE id = ANY(:ids!::uuid[])
 * ```
 */
export const kycSubmissionNames = new PreparedQuery<IKycSubmissionNamesParams,IKycSubmissionNamesResult>(kycSubmissionNamesIR);


/** 'TicketNames' parameters type */
export interface ITicketNamesParams {
  ids: stringArray;
}

/** 'TicketNames' return type */
export interface ITicketNamesResult {
  id: string;
  name: string | null;
}

/** 'TicketNames' query type */
export interface ITicketNamesQuery {
  params: ITicketNamesParams;
  result: ITicketNamesResult;
}

const ticketNamesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":113}]}],"statement":"SELECT id::text AS \"id!\", ticket_id || ' · ' || subject AS name FROM customer_support_tickets WHERE id = ANY(:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id::text AS "id!", ticket_id || ' · ' || subject AS name FROM customer_support_tickets WHERE id = ANY(:ids!::uuid[])
 * ```
 */
export const ticketNames = new PreparedQuery<ITicketNamesParams,ITicketNamesResult>(ticketNamesIR);


/** 'CampaignNames' parameters type */
export interface ICampaignNamesParams {
  ids: stringArray;
}

/** 'CampaignNames' return type */
export interface ICampaignNamesResult {
  id: string;
  name: string;
}

/** 'CampaignNames' query type */
export interface ICampaignNamesQuery {
  params: ICampaignNamesParams;
  result: ICampaignNamesResult;
}

const campaignNamesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":89}]}],"statement":"SELECT id::text AS \"id!\", company_name AS name FROM funding_campaigns WHERE id = ANY(:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id::text AS "id!", company_name AS name FROM funding_campaigns WHERE id = ANY(:ids!::uuid[])
 * ```
 */
export const campaignNames = new PreparedQuery<ICampaignNamesParams,ICampaignNamesResult>(campaignNamesIR);


/** 'ContactMessageNames' parameters type */
export interface IContactMessageNamesParams {
  ids: stringArray;
}

/** 'ContactMessageNames' return type */
export interface IContactMessageNamesResult {
  id: string;
  name: string | null;
}

/** 'ContactMessageNames' query type */
export interface IContactMessageNamesQuery {
  params: IContactMessageNamesParams;
  result: IContactMessageNamesResult;
}

const contactMessageNamesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":99}]}],"statement":"SELECT id::text AS \"id!\", name || ': ' || subject AS name FROM contact_messages WHERE id = ANY(:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id::text AS "id!", name || ': ' || subject AS name FROM contact_messages WHERE id = ANY(:ids!::uuid[])
 * ```
 */
export const contactMessageNames = new PreparedQuery<IContactMessageNamesParams,IContactMessageNamesResult>(contactMessageNamesIR);


/** 'MilestoneNames' parameters type */
export interface IMilestoneNamesParams {
  ids: stringArray;
}

/** 'MilestoneNames' return type */
export interface IMilestoneNamesResult {
  id: string;
  name: string;
}

/** 'MilestoneNames' query type */
export interface IMilestoneNamesQuery {
  params: IMilestoneNamesParams;
  result: IMilestoneNamesResult;
}

const milestoneNamesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":83}]}],"statement":"SELECT id::text AS \"id!\", title AS name FROM project_milestones WHERE id = ANY(:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id::text AS "id!", title AS name FROM project_milestones WHERE id = ANY(:ids!::uuid[])
 * ```
 */
export const milestoneNames = new PreparedQuery<IMilestoneNamesParams,IMilestoneNamesResult>(milestoneNamesIR);


/** 'RemoteReleaseNames' parameters type */
export interface IRemoteReleaseNamesParams {
  ids: stringArray;
}

/** 'RemoteReleaseNames' return type */
export interface IRemoteReleaseNamesResult {
  id: string;
  name: string | null;
}

/** 'RemoteReleaseNames' query type */
export interface IRemoteReleaseNamesQuery {
  params: IRemoteReleaseNamesParams;
  result: IRemoteReleaseNamesResult;
}

const remoteReleaseNamesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":99}]}],"statement":"SELECT id::text AS \"id!\", remote || ' ' || version AS name FROM remote_releases WHERE id = ANY(:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id::text AS "id!", remote || ' ' || version AS name FROM remote_releases WHERE id = ANY(:ids!::uuid[])
 * ```
 */
export const remoteReleaseNames = new PreparedQuery<IRemoteReleaseNamesParams,IRemoteReleaseNamesResult>(remoteReleaseNamesIR);


