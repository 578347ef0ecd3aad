/* @name UserNames */
SELECT p.id::text AS "id!", coalesce(p.full_name, u.email, p.username) AS name FROM profiles p LEFT JOIN users u ON u.id = p.id WHERE p.id = ANY(:ids!::uuid[]);

/* @name KycSubmissionNames */
SELECT id::text AS "id!", legal_name AS name FROM kyc_submissions WHERE id = ANY(:ids!::uuid[]);

/* @name TicketNames */
SELECT id::text AS "id!", ticket_id || ' · ' || subject AS name FROM customer_support_tickets WHERE id = ANY(:ids!::uuid[]);

/* @name CampaignNames */
SELECT id::text AS "id!", company_name AS name FROM funding_campaigns WHERE id = ANY(:ids!::uuid[]);

/* @name ContactMessageNames */
SELECT id::text AS "id!", name || ': ' || subject AS name FROM contact_messages WHERE id = ANY(:ids!::uuid[]);

/* @name MilestoneNames */
SELECT id::text AS "id!", title AS name FROM project_milestones WHERE id = ANY(:ids!::uuid[]);

/* @name RemoteReleaseNames */
SELECT id::text AS "id!", remote || ' ' || version AS name FROM remote_releases WHERE id = ANY(:ids!::uuid[]);
