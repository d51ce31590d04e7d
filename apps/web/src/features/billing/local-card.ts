// The local provider's card form (local provider only; product-spec §2 "Checkout" is the card
// provider's embedded page): the fields are shaped as the buyer types, like a printed card.

export const testCardHint = 'Test card: 4242 4242 4242 4242, any future date and any CVC.';

export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

// The slash comes after the month.
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
