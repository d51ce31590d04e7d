import {
  type LookalikeItem,
  type LookalikeSearchEmailsPayload,
  lookalikeSearchEmailsAnswerSchema,
} from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { withFoundEmails } from '../lookalike-item.ts';
import { lookalikeItemKey } from './get-lookalike-item.ts';

// POST /lookalike/search-emails: the finder looks up the preview's contacts; verified
// addresses cost credits (api-spec §7 "Look-alike and rewards": a 402 means not enough credits).
export function searchLookalikeEmails(payload: LookalikeSearchEmailsPayload) {
  return apiClient.post('/lookalike/search-emails', {
    body: payload,
    schema: lookalikeSearchEmailsAnswerSchema,
  });
}

export function useSearchLookalikeEmails(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => searchLookalikeEmails({ requestId }),
    onSuccess: ({ items }) => {
      const found = new Map(items.map((contact) => [contact.id, contact]));
      queryClient.setQueryData<LookalikeItem>(lookalikeItemKey(requestId), (item) =>
        item?.result?.preview === undefined
          ? item
          : {
              ...item,
              result: { ...item.result, preview: withFoundEmails(item.result.preview, found) },
            },
      );
    },
    // A refusal may come after some addresses were found (a 402 when the credits ran out on
    // the way): the preview is read again to show them.
    onError: () => queryClient.invalidateQueries({ queryKey: lookalikeItemKey(requestId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceKey }),
  });
}
