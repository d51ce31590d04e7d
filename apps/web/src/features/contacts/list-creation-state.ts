import { z } from 'zod';

// The name step hands the checked name to the source step in navigation state (product-spec §2).
const listCreationStateSchema = z.object({ name: z.string().min(1) });

export function readListName(state: unknown): string | null {
  const parsed = listCreationStateSchema.safeParse(state);
  return parsed.success ? parsed.data.name : null;
}
