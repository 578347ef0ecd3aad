import crypto from 'node:crypto';
import type pg from 'pg';
import { squashedMigrationsApplied } from './squashed-migrations.queries.js';
import { inTransactionOn } from './transaction.js';

/** The one migration that holds the schema the migrations below left (prisma/migrations). */
export const BASELINE_MIGRATION = '20261125000000_baseline';

/**
 * The migrations squashed into the baseline before anything was deployed, with the checksum each
 * had (sha256 of its migration.sql). A database they made has exactly the baseline's schema when it
 * recorded every one of them unedited.
 */
export const SQUASHED_MIGRATIONS: ReadonlyMap<string, string> = new Map([
  ['20260101000000_init', 'af8741dff4979807db86cc5f84c0445224754aa4ab836a0c5cb5a7e58eb47695'],
  ['20260101000100_ledger', '807de995619ae462a36e69d55fc82a0f8f4d0995f6fb405511b4f331f44a351d'],
  ['20260102000000_auth_identities', '495369017a816a4c64b760e2481d418ddf84215404f61d036ad08c196afd59b6'],
  ['20260103000100_money_core', 'ca95c751c62028df3af8b9adfddf7b6b575676e54e5688c632cf8fbfb72b2217'],
  ['20260103000200_money_fast', 'd9fd76b58800fec9e0bf03cbbfbca1bc25baabe94b9de188f60cf22d0ef5b074'],
  ['20260104000000_profile_kyc_admin', 'fe14709935a26fca30d8365c582903c82202aa3e437c11f7f9a726fb5ce75a89'],
  ['20260105000000_money_lean', '337b4282a12d504b909a4335383fc40cf57944c1b8eeb9e6c37039638e41794d'],
  ['20260105000100_user_search', '50378705b20584d9195200bce5d8fcf1b7643d047c0f713a8689817ad995504e'],
  ['20260106000000_money_batch', '81c3aaf437bf8077201c83236bb1b9b15774dce779521f2fea8e14038c4f19e0'],
  ['20260107000100_account_recovery', '00f03eb51b362548e1c2bfee2feb0d7f14bf543c8c16f2e7fa0766c937058e98'],
  ['20260107000200_admin_kyc_pending', '201d95f7d730847cf054e69b65952fb56dd622c7a0f608aa0703485f84fcd818'],
  ['20260107000300_history_filters', '0a1544f27eb48cf8914a6cfe21f3bf02f1aaba4c2aaa7f66ec9e3758f8979b37'],
  ['20260107000500_escrow_holds', 'e5045ef7229436fb46523882cbe1d69ef632df63b2de998a175b1fdbcf501d4b'],
  ['20260108000000_marketplace', '03f4fc33f2ff757c6bb536d2a63e71c212ecf4647a1b280a3181d2f10da52d87'],
  ['20260109000000_campaigns', '045a9ab6e15300a0eeaff2d23f30d48c60f04894be7b94b124ee50c8cb588ff0'],
  ['20260110000000_social', '4c2c5a5475394dbe465ee9be414aa1c0d64140b0c3a22545289282fadd85b1eb'],
  ['20260110000001_messages', '466312abedecdcd7475e98b13ba2792a8ce990ac1e8f1419ea040d81eec48ffd'],
  ['20260110000002_social_keyset', '8d75d28fba527a91dcadcbbda8cbf577ca7a7c2d4fddda9ab5df3e64b02609a8'],
  ['20260110000003_messages_keyset', '181abc6a5c249c8af69d12883b6d97baf84b16feb95e4f7f5925edd68001385f'],
  ['20260111000000_support', '382dfe23263aa20b6f2b7c3d97d8ac208945504c45d1f4705f2a70cd31ae11a5'],
  ['20260111000001_admin_dashboard', 'af6880d6683cc28f91d4ef6140a4e5f6ad2533d1d22cb40966e8d061d5ce05ab'],
  ['20260112000000_invoices', 'cd2598fa9b70f4bad2b56685d5934e08cc2abc6f4db1db145a0ef1bb09e1ff19'],
  ['20260113000000_banking', '3335bbb3ce58c5a316867c2ae4cbf3eb493109162f86665b009e3566ecb3f91b'],
  ['20260114000000_remote_releases', '88cbadb73f8d714892cd9c5145e5c608aa4c97b505e9514a183ec4db3be67e51'],
  ['20260115000100_upload_quota', '62543abeed1ccff24bed601c7a574ceee8b5c56497c9e265b735057f9b6a2b02'],
  ['20260115000200_outflow_limits', '6f45b4a8e01967025e04caf1d984b8b25436ac9242d680f278f25c4aa63c4f4d'],
]);

/**
 * Recognises a database made by the squashed migrations (its `_prisma_migrations` names them) and
 * adopts it: when it recorded all of them, finished and unedited, their rows are replaced by the
 * baseline's in one transaction, so the baseline is not applied over tables that exist and later
 * migrations apply as usual. A database with only some of them, or one whose file differed, has a
 * schema no migration leads from: it is refused with the reason (make a new database). Returns
 * whether the history was rewritten.
 */
export async function adoptSquashedHistory(
  client: pg.Client,
  baseline: { name: string; checksum: string } | undefined,
): Promise<boolean> {
  const rows = await squashedMigrationsApplied.run({ names: [...SQUASHED_MIGRATIONS.keys()] }, client);
  if (rows.length === 0) return false;
  const problems = [
    ...squashedHistoryProblems(new Map(rows.map((r) => [r.migration_name, r.checksum]))),
    ...(baseline ? [] : [`the baseline migration ${BASELINE_MIGRATION} is missing`]),
  ];
  if (!baseline || problems.length) {
    throw new Error(
      `This database was made by the migrations squashed into ${BASELINE_MIGRATION} and cannot be adopted: ` +
        `${problems.join('; ')}. Nothing was deployed before the baseline: make a new database (for npm start, delete .portal/pg).`,
    );
  }
  await inTransactionOn(client, async () => {
    await client.query('DELETE FROM "_prisma_migrations" WHERE migration_name = ANY($1)', [
      [...SQUASHED_MIGRATIONS.keys()],
    ]);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, now(), $3, now(), 1)`,
      [crypto.randomUUID(), baseline.checksum, baseline.name],
    );
  });
  return true;
}

/** Why a recorded history of squashed migrations does not amount to the baseline (none when it does). */
export function squashedHistoryProblems(recorded: ReadonlyMap<string, string>): string[] {
  const missing = [...SQUASHED_MIGRATIONS.keys()].filter((name) => !recorded.has(name));
  const edited = [...recorded]
    .filter(([name, checksum]) => SQUASHED_MIGRATIONS.get(name) !== checksum)
    .map(([name]) => name);
  return [
    ...(missing.length
      ? [`${missing.length} of its ${SQUASHED_MIGRATIONS.size} migrations were never applied (${missing.join(', ')})`]
      : []),
    ...(edited.length ? [`applied from files that differ from the squashed ones (${edited.join(', ')})`] : []),
  ];
}
