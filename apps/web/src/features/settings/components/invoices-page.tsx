import { Page } from '../../../shared/ui/page.tsx';

export function InvoicesPage() {
  return <Page title="Invoices" />;
}
