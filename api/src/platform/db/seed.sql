/* @name InsertKycSubmission */
INSERT INTO kyc_submissions (user_id, status, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type,
                             reviewer_id, created_at, reviewed_at)
VALUES (:userId!, :status!, :legalName!, :dateOfBirth!::date, :country!, :documentType!, :documentNumber!, :documentPath!, 'image/png', :reviewerId,
        now() - make_interval(days => :submittedDaysAgo!), now() - make_interval(days => :reviewedDaysAgo))
RETURNING id;

/* @name InsertUserWithProfile */
WITH nu AS (INSERT INTO users (email, password_hash, email_confirmed_at) VALUES (lower(:email!), :passwordHash, now()) RETURNING id)
INSERT INTO profiles (id, full_name, username, kyc_status, is_accredited_investor, is_admin)
SELECT id, :fullName, :username, :kycStatus!::kyc_status, :accredited!, :admin! FROM nu RETURNING id;
