export { guardSendRates } from './bounce-guard.ts';
export { composeMail, escapeHtml, htmlToPlainText, unsubscribeUrl } from './compose.ts';
export { defineSenderJobs } from './jobs.ts';
export { recordReply } from './replies.ts';
