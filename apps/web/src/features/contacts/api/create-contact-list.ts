import { mailClient } from '../../../shared/api/clients.ts';
import { type ListGroup, listGroupSchema, type MailId } from '../contact-schemas.ts';

export function createContactList(name: string, customerIds: MailId[]): Promise<ListGroup> {
  return mailClient.post('/groups', {
    body: { name, customer_ids: customerIds },
    schema: listGroupSchema,
  });
}
