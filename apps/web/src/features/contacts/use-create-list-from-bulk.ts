import { useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../shared/session/api/get-balance.ts';
import { getFoundEmailsCsv } from './api/get-found-emails.ts';
import { toContactRows } from './contact-rows.ts';
import { parseCsv } from './csv-parse.ts';
import { useCreateContactList } from './use-create-contact-list.ts';

// product-spec §4 "List creation from bulk results": the list creation fed by a bulk
// search's found e-mails, for the bulk preview and the create-list flow's source step alike;
// the plain creation rides along so the source step keeps one overlay for every source.
export function useCreateListFromBulk() {
  const creation = useCreateContactList();
  const queryClient = useQueryClient();

  async function createFromBulk(name: string, requestId: string): Promise<void> {
    await creation.create(name, async () => {
      // §5: only rows with an e-mail and a first or last name; a parse error is a failure.
      const csv = await getFoundEmailsCsv(requestId);
      const { rows } = toContactRows(parseCsv(csv), { customColumns: false });
      if (rows.length === 0) throw new Error('No found e-mail comes with a name');
      return rows;
    });
    // The first read of an unpaid result is charged like a download.
    void queryClient.invalidateQueries({ queryKey: balanceKey });
  }

  return { ...creation, createFromBulk };
}
