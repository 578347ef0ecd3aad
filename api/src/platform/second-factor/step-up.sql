/* @name IsLargeMove */
SELECT coalesce(:amount!::numeric * (SELECT pr.price_usd FROM assets a JOIN asset_prices pr ON pr.asset_id = a.id WHERE a.symbol = :assetSymbol!), 0)
       > :thresholdUsd!::numeric AS large;
