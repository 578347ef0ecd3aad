-- History filtered by asset (GET /api/wallet/transactions?asset=, the CSV statement): each side of the
-- history (as sender, as receiver) reads one index range per asset, newest first, instead of walking
-- all of the user's rows and dropping the other assets. Type and date filters narrow the ranges of
-- these and of the existing (sender_id|receiver_id, created_at, id) indexes.
CREATE INDEX transactions_sender_asset_history_idx ON transactions (sender_id, asset_id, created_at DESC, id DESC);
CREATE INDEX transactions_receiver_asset_history_idx ON transactions (receiver_id, asset_id, created_at DESC, id DESC);
