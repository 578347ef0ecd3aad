// The sandbox's test banks. Each one exercises a path the portal must handle: a working bank,
// one whose login breaks right after linking, and one with too little money for a debit.

export interface SandboxAccountTemplate {
  name: string;
  official_name: string;
  mask: string;
  type: 'depository';
  subtype: 'checking' | 'savings';
  /** Balances in dollars, as Plaid reports them. */
  available: number;
  current: number;
  /** Whether the bank accepts instant (RTP) credits to this account. */
  rtpCredit: boolean;
}

export interface SandboxInstitution {
  institution_id: string;
  name: string;
  /** What this test bank does, shown under its name in the Link stand-in's picker. */
  hint: string;
  /** The item is created already needing a new login (ITEM_LOGIN_REQUIRED until update mode). */
  loginFailsAfterLink: boolean;
  accounts: SandboxAccountTemplate[];
}

export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  {
    institution_id: 'ins_109508',
    name: 'First Platypus Bank',
    hint: 'Works: checking and savings, instant payouts to checking',
    loginFailsAfterLink: false,
    accounts: [
      {
        name: 'Plaid Checking',
        official_name: 'Plaid Gold Standard 0% Interest Checking',
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
        available: 5000,
        current: 5110,
        rtpCredit: true,
      },
      {
        name: 'Plaid Saving',
        official_name: 'Plaid Silver Standard 0.1% Interest Saving',
        mask: '1111',
        type: 'depository',
        subtype: 'savings',
        available: 200,
        current: 210,
        rtpCredit: false,
      },
    ],
  },
  {
    institution_id: 'ins_109509',
    name: 'First Gingham Credit Union',
    hint: 'Asks you to sign in again after linking',
    loginFailsAfterLink: true,
    accounts: [
      {
        name: 'Gingham Checking',
        official_name: 'Gingham Everyday Checking',
        mask: '2222',
        type: 'depository',
        subtype: 'checking',
        available: 1000,
        current: 1000,
        rtpCredit: true,
      },
    ],
  },
  {
    institution_id: 'ins_109510',
    name: 'Tattersall Federal Credit Union',
    hint: 'Low balance ($20), no instant payouts',
    loginFailsAfterLink: false,
    accounts: [
      {
        name: 'Tattersall Checking',
        official_name: 'Tattersall Basic Checking',
        mask: '3333',
        type: 'depository',
        subtype: 'checking',
        available: 20,
        current: 20,
        rtpCredit: false,
      },
    ],
  },
];

export function findInstitution(institutionId: string): SandboxInstitution | undefined {
  return SANDBOX_INSTITUTIONS.find((institution) => institution.institution_id === institutionId);
}
