/* @name MarkOverdue */
UPDATE invoices i SET status = 'overdue' FROM assets a
 WHERE a.id = i.asset_id AND i.status IN ('sent', 'viewed') AND i.due_date < :today!::date
RETURNING i.id, i.creator_id AS creator, i.client_profile_id AS client, i.invoice_number AS number, round(i.total_amount, 2)::text AS "total!", a.symbol;
