// Bounce protection (issue 25): per campaign and per mailbox, the bounce rate over the last
// BOUNCE_WINDOW sends, judged once there are BOUNCE_WINDOW_MIN; above the campaign's threshold
// (Campaign settings) the campaign pauses itself, and a mailbox stops sending for every
// campaign until the user resumes it.
export const BOUNCE_WINDOW = 100;
export const BOUNCE_WINDOW_MIN = 20;
export const BOUNCE_THRESHOLD_DEFAULT = 5;

const percent = (bounced: number, sends: number) =>
  `${Math.round((bounced / sends) * 1000) / 10} %`;

export const bounceMessages = {
  thresholdRange: 'Enter a whole percentage from 1 to 100.',
  campaignPaused: (bounced: number, sends: number, threshold: number) =>
    `Paused automatically: ${bounced} of the last ${sends} e-mails bounced (${percent(bounced, sends)}), above the ${threshold} % limit. Check the contact list, then resume the campaign.`,
  mailboxPaused: (bounced: number, sends: number, threshold: number) =>
    `Sending paused: ${bounced} of its last ${sends} e-mails bounced (${percent(bounced, sends)}), above the ${threshold} % limit. Save its connection again to resume.`,
} as const;

// A campaign never mails an address whose latest verdict is invalid, and mails these only when
// the user ticks 'Include risky addresses' (include_risky).
export const riskyVerdictStatuses = ['accept_all', 'unknown'] as const;

const riskyWords: Record<(typeof riskyVerdictStatuses)[number], string> = {
  accept_all: 'accept-all',
  unknown: 'unknown',
};

// Why the campaign leaves a contact out, from the latest verdict on its address; null when it
// is sent. The verdict's own reason says why it is invalid.
export function verdictSkipReason(
  verdict: { status: string; reason: string } | null,
  includeRisky: boolean,
): string | null {
  if (verdict === null) return null;
  if (verdict.status === 'invalid') {
    const why = verdict.reason.replace(/\.$/, '');
    return `Skipped: the address is invalid (${why.charAt(0).toLowerCase()}${why.slice(1)})`;
  }
  const risky = riskyVerdictStatuses.find((status) => status === verdict.status);
  if (risky === undefined || includeRisky) return null;
  return `Skipped: risky address (${riskyWords[risky]}); tick Include risky addresses to send`;
}
