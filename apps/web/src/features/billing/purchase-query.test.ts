import { describe, expect, it } from 'vitest';
import { purchasePath, readPurchaseSelection } from './purchase-query.ts';

describe('purchase query (product-spec §2 "Purchase")', () => {
  it('carries priceId, planName and quantity, the quantity defaulting to 1', () => {
    const path = purchasePath({
      priceId: 'price_extra_credits',
      planName: 'Extra credits',
      quantity: 20,
    });
    expect(path).toBe('/purchase?priceId=price_extra_credits&planName=Extra+credits&quantity=20');
    const params = new URL(path, 'http://x').searchParams;
    expect(readPurchaseSelection(params)).toEqual({
      priceId: 'price_extra_credits',
      planName: 'Extra credits',
      quantity: 20,
    });
    expect(readPurchaseSelection(new URLSearchParams('priceId=price_growth_month'))).toEqual({
      priceId: 'price_growth_month',
      planName: '',
      quantity: 1,
    });
    expect(readPurchaseSelection(new URLSearchParams('priceId=p&quantity=abc'))?.quantity).toBe(1);
    expect(readPurchaseSelection(new URLSearchParams('planName=Growth'))).toBeNull();
  });
});
