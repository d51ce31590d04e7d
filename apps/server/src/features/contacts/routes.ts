import type { App, FeatureDeps } from '../../platform/http.ts';
import { registerCustomerRoutes } from './customer-routes.ts';
import { registerFieldRoutes } from './field-routes.ts';
import { registerGroupRoutes } from './group-routes.ts';
import type { ActiveCampaignsOfList } from './groups.ts';

// The mail service's contacts API (api-spec §7 "Contacts (mail service API)"), under /api/mail.
// Every query is the caller's.
export function registerContactRoutes(
  api: App,
  deps: FeatureDeps & { activeCampaignsOfList: ActiveCampaignsOfList },
): void {
  registerGroupRoutes(api, deps.db, deps.activeCampaignsOfList);
  registerCustomerRoutes(api, deps.db, deps.uploadLimit, deps.clock);
  registerFieldRoutes(api, deps.db);
}
