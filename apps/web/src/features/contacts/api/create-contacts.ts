import {
  type ContactRow,
  type CreateOrUpdateBody,
  contactCreateEndSchema,
  contactCreateErrorSchema,
  contactCreateProgressSchema,
  contactCreateResultSchema,
} from '@mailhound/contracts';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { mailClient } from '../../../shared/api/clients.ts';

const path = '/customers/create-or-update';

export type CreateProgress = { done: number; total: number };

// Stops the library's retry loop: a refused or broken upsert is reported, never re-sent.
class StreamFailure extends Error {}

// Streams the create-or-update upsert (api-spec §7 "Contacts (mail service API)", §4) and resolves
// with the operation id given by the EOF message; an `error` event rejects with its text (api-spec
// §8 "Streams").
export async function streamCreateContacts(
  customers: ContactRow[],
  options: { groupId?: string; onProgress?: (progress: CreateProgress) => void } = {},
): Promise<string> {
  const controller = new AbortController();
  let operationId: string | null = null;

  await fetchEventSource(`${mailClient.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...mailClient.authorizationHeaders() },
    body: JSON.stringify(
      (options.groupId === undefined
        ? { customers }
        : { customers, group_id: options.groupId }) satisfies CreateOrUpdateBody,
    ),
    credentials: 'include',
    signal: controller.signal,
    openWhenHidden: true,
    async onopen(response) {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.startsWith(EventStreamContentType)) return;
      const failure = await mailClient.failure(path, response);
      throw new StreamFailure(failure.message);
    },
    onmessage(message) {
      if (message.data === '' || operationId !== null) return;
      const json: unknown = JSON.parse(message.data);
      if (message.event === 'error') {
        throw new StreamFailure(contactCreateErrorSchema.parse(json).error);
      }
      const end = contactCreateEndSchema.safeParse(json);
      if (end.success) {
        operationId = end.data.id;
        controller.abort();
        return;
      }
      const progress = contactCreateProgressSchema.safeParse(json);
      if (progress.success) {
        options.onProgress?.({ done: progress.data.progress, total: progress.data.total });
      }
    },
    onclose() {
      if (operationId === null) throw new StreamFailure('The contact creation stream ended early');
    },
    onerror(error) {
      throw error instanceof Error ? error : new StreamFailure(String(error));
    },
  });

  if (operationId === null) throw new StreamFailure('The contact creation ended without an id');
  return operationId;
}

export function getCreatedContacts(operationId: string) {
  return mailClient.get(`${path}/${encodeURIComponent(operationId)}`, {
    schema: contactCreateResultSchema,
  });
}
