// The campaigns feature's public face: the app and other features import only this file.
// Its screens are loaded by app/routes.tsx from their own files, one chunk each, so that a
// feature imported here does not pull its screens into the importer's chunk.

export { useCampaignChoices } from './api/get-campaign-choices.ts';
export { useCampaignMailboxes } from './api/get-campaign-mailboxes.ts';
export { PausedCampaignsNotice } from './components/paused-campaigns-notice.tsx';
