export {
  checkAmount,
  compareAmounts,
  tooManyDecimals,
  AMOUNT_REQUIRED,
  type AmountCheck,
  type MoneyAsset,
} from './amount';
export { IdempotencyKeys, attemptSend, canonicalJson, isUnanswered, type Attempt } from './idempotency';
export { useMoneyAction, NO_ANSWER, type MoneyAction, type MoneyActionOptions } from './useMoneyAction';
export { MoneyDialog, type MoneyDialogProps } from './MoneyDialog';
export { AmountField } from './AmountField';
