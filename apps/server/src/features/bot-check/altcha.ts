import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';

// ALTCHA proof of work (v2 challenges, widget v3): the server signs a challenge whose answer is
// a counter in [0, maxNumber]; the browser searches for it, the server checks it in one step.
export type AltchaOptions = { hmacKey: string; maxNumber: number; ttlMs: number };

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({
    counter: z.number(),
    derivedKey: z.string(),
    time: z.number().optional(),
  }),
});

export type AltchaProof = { key: string; expiresAt: Date };

export function createAltcha(options: AltchaOptions) {
  // A second secret signs the derived key, so a valid answer is checked without re-deriving it.
  const keySecret = createHmac('sha256', options.hmacKey)
    .update('altcha-key-signature')
    .digest('hex');

  return {
    challenge: async (now: Date): Promise<Challenge> =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(options.maxNumber),
        deriveKey,
        expiresAt: new Date(now.getTime() + options.ttlMs),
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySecret,
      }),
    // The proof behind a valid payload (its signature, to be used once), or undefined.
    verify: async (token: string): Promise<AltchaProof | undefined> => {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return undefined;
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return undefined;
      const { challenge, solution } = parsed.data;
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: options.hmacKey,
          hmacKeySignatureSecret: keySecret,
        });
        if (!result.verified) return undefined;
      } catch {
        // Malformed hex or parameters the library refuses: not a valid proof.
        return undefined;
      }
      const expiresAt = challenge.parameters.expiresAt
        ? new Date(challenge.parameters.expiresAt * 1000)
        : new Date(Date.now() + options.ttlMs);
      return { key: `altcha:${challenge.signature}`, expiresAt };
    },
  };
}
