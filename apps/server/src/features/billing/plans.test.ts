import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../test/temp-dir.ts';
import { call, createBillingContext } from './billing.test-kit.ts';
import { parsePlanCatalogue } from './plan-catalogue.ts';

const filePlans = [
  {
    name: 'Hobby',
    is_default: true,
    rules: { credits: 5, lead_search_credits: 1, interval: 'month', price: 0, price_id: null },
  },
  {
    name: 'Pro',
    rules: {
      credits: 900,
      lead_search_credits: 90,
      interval: 'month',
      price: 9900,
      price_id: 'price_pro',
    },
  },
  {
    name: 'Extra credits',
    rules: { credits: 1, interval: null, price: 4, price_id: 'price_pack' },
  },
];

describe('PLANS_FILE', () => {
  it('replaces the built-in plans; the default plan takes FREE_PLAN_CREDITS', async () => {
    const dir = testTempDir('plans');
    const file = join(dir, 'plans.json');
    writeFileSync(file, JSON.stringify(filePlans));
    const t = await createBillingContext({ env: { PLANS_FILE: file, FREE_PLAN_CREDITS: '7' } });
    try {
      const plans = (await call(t, undefined, 'GET', '/api/checkout/plans/list')).json();
      expect(plans).toEqual([
        {
          id: expect.any(Number),
          name: 'Hobby',
          is_default: true,
          rules: {
            credits: 7,
            lead_search_credits: 1,
            interval: 'month',
            price: 0,
            price_id: null,
          },
        },
        {
          id: expect.any(Number),
          name: 'Pro',
          is_default: false,
          rules: {
            credits: 900,
            lead_search_credits: 90,
            interval: 'month',
            price: 9900,
            price_id: 'price_pro',
          },
        },
        {
          id: expect.any(Number),
          name: 'Extra credits',
          is_default: false,
          rules: {
            credits: 1,
            lead_search_credits: 0,
            interval: null,
            price: 4,
            price_id: 'price_pack',
          },
        },
      ]);
    } finally {
      await t.close();
    }
  });

  it('refuses a file without exactly one default, with a paid plan lacking price_id, or with twin names', () => {
    const noDefault = filePlans.map((plan) => ({ ...plan, is_default: false }));
    expect(() => parsePlanCatalogue(JSON.stringify(noDefault), 'plans.json')).toThrow(
      /exactly one plan must be the default/,
    );
    const noPrice = [
      filePlans[0],
      { ...filePlans[1], rules: { ...filePlans[1]?.rules, price_id: null } },
    ];
    expect(() => parsePlanCatalogue(JSON.stringify(noPrice), 'plans.json')).toThrow(
      /Pro: a paid plan needs a price_id/,
    );
    const twins = [
      filePlans[0],
      filePlans[1],
      { ...filePlans[1], rules: { ...filePlans[1]?.rules, price_id: 'p2' } },
    ];
    expect(() => parsePlanCatalogue(JSON.stringify(twins), 'plans.json')).toThrow(/unique/);
    expect(() => parsePlanCatalogue('{', 'plans.json')).toThrow(/not valid JSON/);
  });
});
