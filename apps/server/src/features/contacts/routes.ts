import type { App, FeatureDeps } from '../../app.ts';
import { registerCustomerRoutes } from './customer-routes.ts';
import { registerFieldRoutes } from './field-routes.ts';
import { registerGroupRoutes } from './group-routes.ts';

// The mail service's contacts API (mail-api.md), under /api/mail. Every query is the caller's.
export function registerContactRoutes(api: App, deps: FeatureDeps): void {
  registerGroupRoutes(api, deps.db);
  registerCustomerRoutes(api, deps.db, deps.uploadLimit);
  registerFieldRoutes(api, deps.db);
}
