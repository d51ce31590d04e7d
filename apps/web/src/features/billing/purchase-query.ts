import { digitsOnly } from '@mailhound/contracts';

// product-spec §2 "Purchase": the query parameters priceId, planName and quantity.
export type PurchaseSelection = { priceId: string; planName: string; quantity: number };

export function purchasePath(selection: PurchaseSelection): string {
  const query = new URLSearchParams({
    priceId: selection.priceId,
    planName: selection.planName,
    quantity: String(selection.quantity),
  });
  return `/purchase?${query}`;
}

// The quantity defaults to 1 (product-spec §4 "Purchase").
export function readPurchaseSelection(params: URLSearchParams): PurchaseSelection | null {
  const priceId = params.get('priceId');
  if (!priceId) return null;
  const quantity = digitsOnly(params.get('quantity') ?? '');
  return { priceId, planName: params.get('planName') ?? '', quantity: quantity || 1 };
}
