import { z } from 'zod';

// What the evidence view reads of the finder's evidence (packages/finder FinderEvidence);
// lenient, so older rows and added fields still show.
const replySchema = {
  code: z.number().nullish(),
  enhanced: z.string().nullish(),
  text: z.string().nullish(),
};

const evidenceSchema = z.object({
  domain: z.string().nullish(),
  mx: z
    .object({
      host: z.string(),
      address: z.string().nullish(),
      tls: z.boolean().nullish(),
    })
    .nullish(),
  implicitMx: z.boolean().nullish(),
  catchAll: z.boolean().nullish(),
  catchAllProbe: z
    .object({ email: z.string(), cached: z.boolean().nullish(), ...replySchema })
    .nullish(),
  learntPattern: z.string().nullish(),
  pattern: z.string().nullish(),
  candidates: z
    .array(
      z.object({
        email: z.string(),
        pattern: z.string().nullish(),
        status: z.string().nullish(),
        ...replySchema,
      }),
    )
    .nullish(),
  reason: z.string().nullish(),
  detail: z.string().nullish(),
  timings: z.object({ dnsMs: z.number(), smtpMs: z.number(), totalMs: z.number() }).nullish(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

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
