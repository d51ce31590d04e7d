import { z } from 'zod';

export type TurnstileOptions = { secretKey: string; verifyUrl: string; timeoutMs: number };

const answerSchema = z.object({ success: z.boolean() });

// Cloudflare Turnstile: the token is checked by siteverify, which also refuses a token it has
// seen before (timeout-or-duplicate).
export function createTurnstile(options: TurnstileOptions) {
  return {
    verify: async (token: string, clientAddress: string): Promise<boolean> => {
      const form = new URLSearchParams({
        secret: options.secretKey,
        response: token,
        remoteip: clientAddress,
      });
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) return false;
        const answer = answerSchema.safeParse(await response.json());
        return answer.success && answer.data.success;
      } catch {
        // siteverify unreachable: the guest cannot be told apart from a bot, so refuse.
        return false;
      }
    },
  };
}
