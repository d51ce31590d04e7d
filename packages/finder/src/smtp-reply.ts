export interface SmtpReply {
  // 0 when the server never answered (connection lost or timed out).
  code: number;
  // RFC 3463 enhanced status code when the reply carries one ('5.1.1').
  enhanced: string | null;
  text: string;
}

export type RcptStatus = 'accepted' | 'rejected' | 'tempfail' | 'error';

// 2xx accepted, 5xx rejected, 4xx "try again later" (greylisting is never "invalid").
export function classifyRcpt(reply: SmtpReply): RcptStatus {
  if (reply.code >= 200 && reply.code < 300) return 'accepted';
  if (reply.code >= 500) return 'rejected';
  if (reply.code >= 400) return 'tempfail';
  return 'error';
}

// Microsoft and others answer 452 4.5.3 (or 452 "too many recipients") per transaction.
export function isTooManyRecipients(reply: SmtpReply): boolean {
  return (
    (reply.code === 452 || reply.code === 451) &&
    (reply.enhanced === '4.5.3' || /too many recipients/i.test(reply.text))
  );
}

export function parseReply(lines: string[]): SmtpReply {
  const last = lines[lines.length - 1] ?? '';
  const code = Number(last.slice(0, 3)) || 0;
  const texts = lines.map((line) => line.slice(4));
  const first = texts[0] ?? '';
  const enhancedMatch = /^([245]\.\d{1,3}\.\d{1,3})\s/.exec(first);
  return {
    code,
    enhanced: enhancedMatch ? enhancedMatch[1]! : null,
    text: texts.join('\n'),
  };
}
