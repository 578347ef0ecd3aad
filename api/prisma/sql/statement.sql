-- The statement: what a person's history, dashboard and CSV statement show for one transaction, in
-- people's words. Applied as a repeatable definition (see ledger.sql's header); read through
-- api/src/platform/ledger/statement.ts. The ledger's own rows stay as they are (a withdrawal is an
-- escrow hold, a milestone's funding too): this file is the one place that names them.
--
-- Invariants (api/src/modules/wallet/transactions/statement.test.ts checks them for every transaction type and
-- every escrow reference kind):
--   S1  Every line has a label and one of the six kinds the history filter offers (p2p_transfer,
--       invoice_payment, deposit, withdrawal, milestone_payment, investment). An escrow movement has
--       the kind of what it holds money for (reference 'withdrawal' -> withdrawal, 'milestone' ->
--       milestone_payment, 'investment', 'invoice' -> invoice_payment); a bank reversal that of the
--       transfer it undoes; a transfer that paid a request is a transfer (its label says so).
--   S2  amount and fee are what the viewer calls the payment and the fee THEY paid; total is the change
--       of the viewer's wallet: -(amount + fee) when money left it, amount - fee when money came in.
--       A withdrawal's hold (amount + quoted fee in one ledger movement) shows the transfer's amount and fee.
--   S3  Amounts are rounded to the asset's scale (USD 2, BTC 8 ...), never to a fixed number of decimals.

-- S1: the kind of what escrow holds money for (a ledger entry's reference_type, escrow.ts).
CREATE OR REPLACE FUNCTION statement_reference_kind(p_reference_type text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_reference_type WHEN 'milestone' THEN 'milestone_payment' WHEN 'invoice' THEN 'invoice_payment' ELSE p_reference_type END
$$;

-- S1: the kind of a transaction as the viewer sees it (p_outgoing: the viewer is its sender;
-- p_escrow_kind: statement_reference_kind() of its reference, needed for escrow holds and refunds
-- only). One expression using each argument once, without the enum's text (only STABLE), so the
-- history's filter inlines it into the scan of the viewer's index range: not inlined, it cost 590 ms
-- on 20,000 transfers. A type missing here has no kind (NULL): the test of S1 fails.
CREATE OR REPLACE FUNCTION statement_kind(p_type transaction_type, p_escrow_kind text, p_outgoing boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_type IN ('escrow_hold', 'escrow_refund') THEN p_escrow_kind ELSE CASE p_type
    WHEN 'p2p_transfer' THEN 'p2p_transfer'
    WHEN 'payment_request_payment' THEN 'p2p_transfer'
    WHEN 'deposit' THEN 'deposit'
    WHEN 'withdrawal' THEN 'withdrawal'
    WHEN 'milestone_payment' THEN 'milestone_payment'
    WHEN 'investment' THEN 'investment'
    WHEN 'invoice_payment' THEN 'invoice_payment'
    WHEN 'bank_reversal' THEN CASE WHEN p_outgoing THEN 'deposit' ELSE 'withdrawal' END
  END END
$$;

-- A bank account as people read it: "First Platypus Bank ••0000".
CREATE OR REPLACE FUNCTION statement_bank(p_institution text, p_mask text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_institution || coalesce(' ••' || p_mask, '')
$$;

-- The status people see: a bank transfer's own progress for the line that moved its money (a
-- withdrawal's hold, a settled deposit), the transaction's status otherwise.
CREATE OR REPLACE FUNCTION statement_bank_status(p_status bank_transfer_status) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_status
    WHEN 'settled' THEN 'completed' WHEN 'funds_available' THEN 'completed'
    WHEN 'declined' THEN 'failed' WHEN 'failed' THEN 'failed' WHEN 'returned' THEN 'returned'
    ELSE 'pending' END
$$;

-- One line of p_viewer's statement for transaction p_tx (the viewer is its sender or receiver).
-- What the movement is about comes from the ledger entries' reference (milestone, investment,
-- invoice, withdrawal) or from the row that points at the transaction (a bank transfer, a paid
-- invoice, a paid request); every lookup is by a unique or primary key.
CREATE OR REPLACE FUNCTION statement_line(p_tx uuid, p_viewer uuid,
  OUT kind text, OUT direction text, OUT label text, OUT counterparty text, OUT link text,
  OUT amount numeric, OUT fee numeric, OUT total numeric, OUT note text, OUT status text)
LANGUAGE sql STABLE AS $$
  WITH tx AS (
    SELECT t.id, t.transaction_type AS type, t.amount, t.status::text AS status, t.description, a.scale,
           t.sender_id IS NOT DISTINCT FROM p_viewer AS outgoing,
           CASE WHEN t.sender_id = p_viewer THEN t.receiver_id ELSE t.sender_id END AS other_id,
           CASE t.transaction_type WHEN 'escrow_hold' THEN 'hold' WHEN 'escrow_refund' THEN 'refund' WHEN 'bank_reversal' THEN 'reversal' ELSE 'pay' END AS movement,
           (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN user_wallets w ON w.id = e.wallet_id
             WHERE e.transaction_id = t.id AND w.user_id = p_viewer) AS net,
           r.reference_type AS ref_kind, r.reference_id AS ref_id
      FROM transactions t JOIN assets a ON a.id = t.asset_id
      LEFT JOIN LATERAL (SELECT e.reference_type, e.reference_id FROM ledger_entries e
                          WHERE e.transaction_id = t.id AND e.reference_id IS NOT NULL LIMIT 1) r ON true
     WHERE t.id = p_tx
  ), facts AS (
    SELECT tx.*,
           coalesce(other.full_name, CASE WHEN tx.outgoing THEN 'Unknown Receiver' ELSE 'Unknown Sender' END) AS other_name,
           -- S2: the fee the viewer paid, from the ledger: beyond the amount when sending, missing from it when receiving
           greatest(CASE WHEN tx.outgoing THEN -tx.net - tx.amount ELSE tx.amount - tx.net END, 0) AS ledger_fee,
           b.id AS bank_id, b.direction::text AS bank_direction, statement_bank(b.institution_name, b.account_mask) AS bank,
           b.amount AS bank_amount, b.fee AS bank_fee, b.status AS bank_status, b.failure_reason,
           m.title AS milestone, c.id AS contract_id,
           CASE WHEN c.client_id = p_viewer THEN coalesce(fl.full_name, 'the freelancer') ELSE coalesce(cl.full_name, 'the client') END AS contract_party,
           f.id AS campaign_id, f.company_name AS company, i.investor_profile_id = p_viewer AS investor, coalesce(ip.full_name, 'an investor') AS investor_name,
           v.id AS invoice_id, v.invoice_number,
           CASE WHEN v.creator_id = p_viewer THEN coalesce(vc.full_name, v.client_name, 'the client') ELSE coalesce(vm.full_name, 'the creator') END AS invoice_party,
           q.id AS request_id
      FROM tx
      LEFT JOIN profiles other ON other.id = tx.other_id
      LEFT JOIN bank_transfers b ON tx.id IN (b.hold_transaction_id, b.booked_transaction_id, b.undo_transaction_id)
      LEFT JOIN project_milestones m ON tx.ref_kind = 'milestone' AND m.id = tx.ref_id
      LEFT JOIN project_contracts c ON c.id = m.contract_id
      LEFT JOIN profiles fl ON fl.id = c.freelancer_id
      LEFT JOIN profiles cl ON cl.id = c.client_id
      LEFT JOIN investments i ON tx.ref_kind = 'investment' AND i.id = tx.ref_id
      LEFT JOIN funding_campaigns f ON f.id = i.campaign_id
      LEFT JOIN profiles ip ON ip.id = i.investor_profile_id
      LEFT JOIN invoices v ON v.id = CASE WHEN tx.ref_kind = 'invoice' THEN tx.ref_id END OR v.payment_transaction_id = tx.id
      LEFT JOIN profiles vc ON vc.id = v.client_profile_id
      LEFT JOIN profiles vm ON vm.id = v.creator_id
      LEFT JOIN payment_requests q ON q.transaction_id = tx.id
  )
  SELECT statement_kind(x.type, statement_reference_kind(x.ref_kind), x.outgoing),
         CASE WHEN x.outgoing THEN 'out' ELSE 'in' END,
         CASE
           WHEN x.bank_direction = 'withdrawal' THEN CASE x.movement
             WHEN 'refund' THEN 'Refund of withdrawal to ' || x.bank
             WHEN 'reversal' THEN 'Withdrawal to ' || x.bank || ' returned'
             ELSE 'Withdrawal to ' || x.bank END
           WHEN x.bank_direction = 'deposit' THEN 'Deposit from ' || x.bank || CASE WHEN x.movement = 'reversal' THEN ' returned' ELSE '' END
           WHEN x.contract_id IS NOT NULL THEN CASE x.movement
             WHEN 'hold' THEN format('Milestone funded: "%s" for %s', x.milestone, x.contract_party)
             WHEN 'refund' THEN format('Refund of milestone "%s"', x.milestone)
             ELSE format('Milestone paid: "%s" by %s', x.milestone, x.contract_party) END
           WHEN x.campaign_id IS NOT NULL THEN CASE x.movement
             WHEN 'hold' THEN 'Investment in ' || x.company
             WHEN 'refund' THEN 'Refund of investment in ' || x.company
             ELSE format('Investment in %s from %s', x.company, x.investor_name) END
           WHEN x.invoice_id IS NOT NULL THEN CASE
             WHEN x.movement = 'refund' THEN 'Refund of invoice ' || x.invoice_number
             WHEN x.outgoing THEN format('Invoice %s paid to %s', x.invoice_number, x.invoice_party)
             ELSE format('Invoice %s paid by %s', x.invoice_number, x.invoice_party) END
           WHEN x.request_id IS NOT NULL OR x.type = 'payment_request_payment' THEN
             CASE WHEN x.outgoing THEN 'Paid request from ' ELSE 'Request paid by ' END || x.other_name
           ELSE CASE x.type
             WHEN 'p2p_transfer' THEN CASE WHEN x.outgoing THEN 'Sent to ' ELSE 'Received from ' END || x.other_name
             WHEN 'deposit' THEN 'Deposit'
             WHEN 'withdrawal' THEN 'Withdrawal'
             WHEN 'bank_reversal' THEN CASE WHEN x.outgoing THEN 'Deposit returned' ELSE 'Withdrawal returned' END
             WHEN 'milestone_payment' THEN CASE WHEN x.outgoing THEN 'Milestone payment to ' ELSE 'Milestone payment from ' END || x.other_name
             WHEN 'investment' THEN CASE WHEN x.outgoing THEN 'Investment sent to ' ELSE 'Investment from ' END || x.other_name
             WHEN 'invoice_payment' THEN CASE WHEN x.outgoing THEN 'Invoice payment to ' ELSE 'Invoice payment from ' END || x.other_name
             WHEN 'escrow_hold' THEN 'Held for a payment'
             WHEN 'escrow_refund' THEN 'Refund of a held payment'
           END
         END,
         CASE
           WHEN x.bank_id IS NOT NULL THEN x.bank
           WHEN x.contract_id IS NOT NULL THEN x.contract_party
           WHEN x.campaign_id IS NOT NULL THEN CASE WHEN x.investor THEN x.company ELSE x.investor_name END
           WHEN x.invoice_id IS NOT NULL THEN x.invoice_party
           WHEN x.other_id IS NOT NULL OR x.type IN ('p2p_transfer', 'payment_request_payment') THEN x.other_name
         END,
         CASE
           WHEN x.bank_id IS NOT NULL THEN '/linked-accounts'
           WHEN x.contract_id IS NOT NULL THEN '/contract/' || x.contract_id
           WHEN x.campaign_id IS NOT NULL THEN '/campaign/' || x.campaign_id
           WHEN x.invoice_id IS NOT NULL THEN '/invoice/' || x.invoice_id
         END,
         -- S2, S3
         round(CASE WHEN x.bank_direction = 'withdrawal' AND x.movement = 'hold' THEN x.bank_amount ELSE x.amount END, x.scale),
         round(CASE WHEN x.bank_direction = 'withdrawal' AND x.movement = 'hold' THEN x.bank_fee ELSE x.ledger_fee END, x.scale),
         round(x.net, x.scale),
         -- the note: what a person wrote, or why the bank gave the money back; never the system's own words again
         CASE
           WHEN x.bank_id IS NOT NULL THEN CASE WHEN x.movement IN ('refund', 'reversal') THEN x.failure_reason END
           WHEN x.contract_id IS NOT NULL OR x.campaign_id IS NOT NULL OR x.invoice_id IS NOT NULL OR x.ref_kind IS NOT NULL THEN NULL
           ELSE x.description
         END,
         CASE WHEN x.bank_id IS NOT NULL AND x.movement IN ('hold', 'pay') THEN statement_bank_status(x.bank_status) ELSE x.status END
    FROM facts x
$$;
