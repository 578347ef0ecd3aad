/* @name WalletSendQuote */
SELECT quote, refusal FROM wallet_send_quote(:senderId!, :recipientEmail, :recipientId, :assetSymbol!, :amount!);

/* @name QuoteOutflow */
SELECT ledger_quote_outflow(:userId!, :assetSymbol!, :amount!::numeric) AS refusal;
