// A/B variants (issue 25): each planned send of a step with several variants gets the variant
// with the fewest sends of that step so far, the earliest letter on a tie. Contacts therefore go
// A, B, C, A, B, C… in the order they reach the step (their position in the campaign), and n
// contacts over k variants give each ⌊n/k⌋ or ⌈n/k⌉, exactly, not only on average as a hash
// would; a send withdrawn before it went out leaves a gap the next contacts fill. (A contact
// whose send was withdrawn comes back on its letter when the sends withdrawn were the last ones
// planned, as when a paused campaign's queue is taken back; withdrawn out of order, the contacts
// planned again may swap letters, the split still exact.)
export type VariantSlot = { campaignId: string; step: number };

export const slotKey = (slot: VariantSlot) => `${slot.campaignId}/${slot.step}`;

// `variantCount` says how many variants each slot's step has; `sentSoFar` the sends each variant
// of a slot already has (missing: none). Returns the variant of each send, in order.
export function assignVariants(
  sends: readonly VariantSlot[],
  variantCount: (slot: VariantSlot) => number,
  sentSoFar: ReadonlyMap<string, readonly number[]>,
): number[] {
  const counts = new Map<string, number[]>();
  return sends.map((send) => {
    const total = variantCount(send);
    if (total <= 1) return 0;
    const key = slotKey(send);
    let slot = counts.get(key);
    if (!slot) {
      const known = sentSoFar.get(key) ?? [];
      slot = Array.from({ length: total }, (_, index) => known[index] ?? 0);
      counts.set(key, slot);
    }
    let chosen = 0;
    for (let index = 1; index < slot.length; index += 1) {
      if ((slot[index] as number) < (slot[chosen] as number)) chosen = index;
    }
    slot[chosen] = (slot[chosen] as number) + 1;
    return chosen;
  });
}
