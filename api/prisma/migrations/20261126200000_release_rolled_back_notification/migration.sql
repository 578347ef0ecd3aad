-- Admins are told in the notification centre when a canary release is rolled back automatically
-- (api/src/modules/platform/canary/service.ts).
ALTER TYPE notification_kind ADD VALUE 'release_rolled_back';
