import { type CustomerAnswer, customerAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactKey } from './get-contact.ts';
import { contactListsKey } from './get-contact-lists.ts';
import { tagsKey } from './get-tags.ts';

export function saveContactTags(id: string, tags: string[]): Promise<CustomerAnswer> {
  return mailClient.post(`/customers/${encodeURIComponent(id)}/tags`, {
    body: { tags },
    schema: customerAnswerSchema,
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
