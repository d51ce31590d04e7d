import { Page } from '../../../shared/ui/page.tsx';

export function BillingPage() {
  return <Page title="Billing" />;
}
