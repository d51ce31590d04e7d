import { BulkPreviewPage } from '../features/bulk/components/bulk-preview-page.tsx';
import { CreateContactListFromBulk } from '../features/contacts/index.ts';

// product-spec §2 "Bulk preview" with its "Create contact list" button: contacts reads bulk's
// history, so the app, not bulk, puts contacts' button on bulk's page. Like the route table,
// it names the page's own file, so the page stays out of the first chunk.
export function BulkPreviewScreen() {
  return <BulkPreviewPage ContactListAction={CreateContactListFromBulk} />;
}
