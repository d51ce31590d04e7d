import type { PlanSummary } from '@mailhound/contracts';

// What the top bar and the search screens show of a user's or a guest's credits.
export type Balance = {
  balance: number;
  onHold: number;
  // Available = balance − onHold (product-spec §3).
  balanceAvailable: number;
  leadSearchBalance: number;
  plan: PlanSummary | null;
};
