/* @name AssetExists */
SELECT 1 AS found FROM assets WHERE symbol = :symbol!;
