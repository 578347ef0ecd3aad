import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../src/platform/config.js';
import { getPool } from '../src/platform/db/pool.js';
import { diffShapes, shapeFromDatabase, shapeFromPrisma } from './schema-diff.js';

const schema = fs.readFileSync(path.join(apiRoot, 'prisma', 'schema.prisma'), 'utf8');

describe('check:schema (CI fails when schema.prisma and the migrations disagree)', () => {
  it('the committed schema.prisma matches the database the migrations build', async () => {
    expect(diffShapes(await shapeFromDatabase(getPool()), shapeFromPrisma(schema))).toEqual([]);
  });

  it('reports a deliberately mismatched schema: missing column, wrong type, nullability, enum value, unique, foreign key action, extra table', async () => {
    const broken =
      schema
        .replace('  scale     Int //', '  scale     BigInt //')
        .replace(
          '  fullName                String?         @map("full_name")',
          '  fullName                String          @map("full_name")\n  nickname                String?',
        )
        .replace('  username                String?         @unique', '  username                String?')
        .replace('  rejected\n\n  @@map("kyc_status")', '  rejected\n  suspended\n\n  @@map("kyc_status")')
        .replace(
          'user        User      @relation(fields: [userId], references: [id], onDelete: Cascade)\n\n  @@index([familyId])',
          'user        User      @relation(fields: [userId], references: [id], onDelete: Restrict)\n\n  @@index([familyId])',
        ) + '\nmodel Ghost {\n  id Int @id\n\n  @@map("ghosts")\n}\n';
    expect(broken).not.toBe(schema);
    const diff = diffShapes(await shapeFromDatabase(getPool()), shapeFromPrisma(broken));
    expect(diff).toEqual(
      expect.arrayContaining([
        'column assets.scale: type integer in migrations, bigint in schema.prisma',
        'column profiles.nickname: missing in migrations',
        'column profiles.full_name: nullable in migrations, required in schema.prisma',
        'enum kyc_status: values [not_started, pending, verified, rejected] in migrations, [not_started, pending, verified, rejected, suspended] in schema.prisma',
        'unique profiles(username): missing in schema.prisma',
        'foreign key refresh_tokens(user_id) -> users(id) ON DELETE Cascade: missing in schema.prisma',
        'table ghosts: missing in migrations',
      ]),
    );
  });
});
