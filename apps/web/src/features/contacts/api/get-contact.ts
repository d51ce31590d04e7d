import { type CustomerAnswer, customerAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';

export const contactsKey = ['mail', 'customers'] as const;
export const contactKey = (id: string) => [...contactsKey, id] as const;

export function getContact(id: string): Promise<CustomerAnswer> {
  return mailClient.get(`/customers/${encodeURIComponent(id)}`, { schema: customerAnswerSchema });
}

export function useContact(id: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: contactKey(id ?? ''), queryFn: () => getContact(id ?? '') }),
    enabled: id !== null,
  });
}
