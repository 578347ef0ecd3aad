// Everything the sandbox remembers, as one JSON document. With a data file it is loaded at start
// and rewritten after every change (temp file + rename, so a crash never leaves half a file),
// which lets a restarted portal keep its linked items and transfers.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Transfer, TransferAuthorization, TransferEvent } from './plaid-shapes.js';

export interface AccountRecord {
  account_id: string;
  name: string;
  official_name: string;
  mask: string;
  type: 'depository';
  subtype: 'checking' | 'savings';
  available_cents: number;
  current_cents: number;
  rtp_credit: boolean;
}

export interface ItemRecord {
  item_id: string;
  institution_id: string;
  access_token: string;
  webhook: string | null;
  products: string[];
  login_required: boolean;
  removed: boolean;
  accounts: AccountRecord[];
}

export interface LinkTokenRecord {
  expiration: string;
  webhook: string | null;
  products: string[];
  /** Set in update mode: the item this Link session repairs. */
  update_item_id: string | null;
}

export interface PublicTokenRecord {
  item_id: string;
  expiration: string;
}

export interface AuthorizationRecord {
  authorization: TransferAuthorization;
  item_id: string;
  /** The transfer that used this authorization; an authorization is good for one transfer. */
  transfer_id: string | null;
}

export interface TransferRecord {
  transfer: Transfer;
  item_id: string;
}

export interface IdempotencyRecord {
  /** The request the key was first used with; the same key with another request is refused. */
  fingerprint: string;
  id: string;
}

export interface SigningKeyRecord {
  kid: string;
  created_at: number;
  private_jwk: JWK;
}

export interface SandboxData {
  version: 1;
  signing_key: SigningKeyRecord;
  link_tokens: Record<string, LinkTokenRecord>;
  public_tokens: Record<string, PublicTokenRecord>;
  items: Record<string, ItemRecord>;
  authorizations: Record<string, AuthorizationRecord>;
  transfers: Record<string, TransferRecord>;
  transfer_events: TransferEvent[];
  idempotency: Record<string, IdempotencyRecord>;
}

async function newSigningKey(): Promise<SigningKeyRecord> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid: randomUUID(), created_at: Math.floor(Date.now() / 1000), private_jwk: await exportJWK(privateKey) };
}

async function emptyData(): Promise<SandboxData> {
  return {
    version: 1,
    signing_key: await newSigningKey(),
    link_tokens: {},
    public_tokens: {},
    items: {},
    authorizations: {},
    transfers: {},
    transfer_events: [],
    idempotency: {},
  };
}

export class SandboxStore {
  private constructor(
    readonly data: SandboxData,
    private readonly dataFile: string | undefined,
  ) {}

  static async open(dataFile?: string): Promise<SandboxStore> {
    if (dataFile && existsSync(dataFile)) {
      const data = JSON.parse(readFileSync(dataFile, 'utf8')) as SandboxData;
      if (data.version !== 1)
        throw new Error(`${dataFile}: unknown plaid-sandbox data version ${String(data.version)}`);
      return new SandboxStore(data, dataFile);
    }
    const store = new SandboxStore(await emptyData(), dataFile);
    store.save();
    return store;
  }

  /** Writes the state to the data file, if any. Synchronous so writes never interleave. */
  save(): void {
    if (!this.dataFile) return;
    mkdirSync(dirname(this.dataFile), { recursive: true });
    const temporary = `${this.dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.data));
    renameSync(temporary, this.dataFile);
  }
}
