import { type ContactList, contactListSchema } from '@mailhound/contracts';
import { mailClient } from '../../../shared/api/clients.ts';

export function createContactList(name: string, customerIds: string[]): Promise<ContactList> {
  return mailClient.post('/groups', {
    body: { name, customer_ids: customerIds },
    schema: contactListSchema,
  });
}
