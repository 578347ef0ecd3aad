-- Admin KYC queue (issue 12): users marked pending KYC are listed with the submissions, including those
-- with nothing to review. A partial index keeps that read off a scan of every profile; few are pending.
CREATE INDEX profiles_kyc_pending_idx ON profiles (updated_at, id) WHERE kyc_status = 'pending';
