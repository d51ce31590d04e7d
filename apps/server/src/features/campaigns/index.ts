export { type CampaignRow, findCampaign } from './campaigns.ts';
export { activeCampaignsOfList } from './list-campaigns.ts';
export { skippedByVerdict, unmailableContact } from './mailable.ts';
export { campaignsUsingMailbox, pauseCampaignsWithoutMailbox } from './mailbox-campaigns.ts';
export { pauseCampaign } from './pause.ts';
export { type PausedCampaign, tellCampaignsPaused } from './paused-event.ts';
export { registerCampaignRoutes } from './routes.ts';
export { hasEnded, inScheduleWindow } from './schedule-time.ts';
export { campaignTickQueue, inboxTickQueue } from './start-sending.ts';
