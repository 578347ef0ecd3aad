/* @name StepUpNeeded */
SELECT money_step_up_refusal(:userId!, :assetSymbol!, :amount!::numeric, :terms!) IS NOT NULL AS "needed!";
