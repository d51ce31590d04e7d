import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { type Customer, customerSchema } from '../contact-schemas.ts';
import { contactKey } from './get-contact.ts';
import { contactListsKey } from './get-contact-lists.ts';
import { tagsKey } from './get-tags.ts';

export function saveContactTags(id: string, tags: string[]): Promise<Customer> {
  return mailClient.post(`/customers/${encodeURIComponent(id)}/tags`, {
    body: { tags },
    schema: customerSchema,
  });
}

export function useSaveContactTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: string; tags: string[] }) => saveContactTags(id, tags),
    onSuccess: (customer) => {
      queryClient.setQueryData(contactKey(String(customer.id)), customer);
      void queryClient.invalidateQueries({ queryKey: tagsKey });
      void queryClient.invalidateQueries({ queryKey: contactListsKey });
    },
  });
}
