import { checkAmount, compareAmounts, tooManyDecimals } from '@portal/shared-ui';
import { moneyText } from '../../../lib/ui';
import type { CampaignPageData } from '../api/campaign';

export type InvestLimits = Pick<CampaignPageData['campaign'], 'min_investment' | 'max_investment' | 'currency'>;

/** The investment amount's checks with their toast titles (as typed, minimum, maximum, compared exactly); the server checks them again. */
export function checkInvestment(text: string, c: InvestLimits) {
  const typed = checkAmount(text, c.currency);
  if (typed.amount === null)
    return {
      title: 'Invalid Amount',
      text: typed.error === tooManyDecimals(c.currency) ? typed.error : 'Please enter a valid investment amount.',
    };
  if (compareAmounts(typed.amount, c.min_investment) < 0)
    return { title: 'Amount Too Low', text: `Minimum investment is ${moneyText(c.min_investment, c.currency)}.` };
  if (c.max_investment && compareAmounts(typed.amount, c.max_investment) > 0)
    return { title: 'Amount Too High', text: `Maximum investment is ${moneyText(c.max_investment, c.currency)}.` };
  return null;
}
