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
