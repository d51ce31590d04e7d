import { type Evidence, evidenceSchema } from '@mailhound/contracts';

export function readEvidence(value: unknown): Evidence | null {
  if (value === null || value === undefined) return null;
  const parsed = evidenceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// An SMTP reply as a server wrote it: "550 5.1.1 No such user".
export function replyText(reply: {
  code?: number | null;
  enhanced?: string | null;
  text?: string | null;
}): string {
  return [reply.code, reply.enhanced, reply.text?.split('\n')[0]]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ');
}
