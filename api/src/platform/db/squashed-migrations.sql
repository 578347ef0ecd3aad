/* @name SquashedMigrationsApplied */
SELECT migration_name, checksum FROM "_prisma_migrations"
 WHERE migration_name = ANY(:names!) AND rolled_back_at IS NULL AND finished_at IS NOT NULL;
