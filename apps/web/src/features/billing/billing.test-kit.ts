import { formatReceiptDate, type Plan, type Receipt } from '@mailhound/contracts';

// The seeded plans (the server's billing/plan-catalogue.ts), as the server lists them.
export const plans: (Plan & { id: number })[] = [
  {
    id: 1,
    name: 'Free',
    is_default: true,
    rules: { credits: 25, lead_search_credits: 10, interval: 'month', price: 0, price_id: null },
  },
  {
    id: 2,
    name: 'Starter',
    is_default: false,
    rules: {
      credits: 500,
      lead_search_credits: 50,
      interval: 'month',
      price: 4900,
      price_id: 'price_starter_month',
    },
  },
  {
    id: 3,
    name: 'Starter Yearly',
    is_default: false,
    rules: {
      credits: 500,
      lead_search_credits: 50,
      interval: 'year',
      price: 47000,
      price_id: 'price_starter_year',
    },
  },
  {
    id: 4,
    name: 'Growth',
    is_default: false,
    rules: {
      credits: 2000,
      lead_search_credits: 200,
      interval: 'month',
      price: 14900,
      price_id: 'price_growth_month',
    },
  },
  {
    id: 5,
    name: 'Extra credits',
    is_default: false,
    rules: {
      credits: 1,
      lead_search_credits: 0,
      interval: null,
      price: 5,
      price_id: 'price_extra_credits',
    },
  },
];

export const paidPlan = { name: 'Starter', is_default: false };

// GET /checkout/subscription of a user in a paid Starter month.
export const starterPeriod = {
  plan: 'Starter',
  interval: 'month',
  status: 'active',
  currentPeriodEnd: '2027-03-31T09:00:00.000Z',
  cancelAtPeriodEnd: false,
  usage: { credits: { used: 37, granted: 500 }, leadSearches: { used: 12, granted: 50 } },
};

export function makeReceipt(index: number, overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: `rcpt_${index}`,
    receipt_number: `1000-${index}`,
    date: formatReceiptDate(new Date(Date.UTC(2026, 0, index, 9, 30, 0))),
    amount: 100 * index + 23,
    status: 'paid',
    receipt_url: `/api/checkout/receipts/rcpt_${index}/view?sig=s${index}`,
    ...overrides,
  };
}
