/* @name LockSubmission */
SELECT k.user_id, p.kyc_status FROM kyc_submissions k JOIN profiles p ON p.id = k.user_id WHERE k.id = :submissionId! FOR UPDATE OF k, p;
