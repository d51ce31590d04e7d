import { apiClient } from '../../../shared/api/clients.ts';

// The found e-mails of a bulk search as CSV, from the main API's result file.
export async function getFoundEmailsCsv(requestId: string): Promise<string> {
  const path = `/file/${encodeURIComponent(requestId)}/result/success`;
  const response = await fetch(`${apiClient.baseUrl}${path}?format=csv`, {
    headers: { Accept: 'text/csv', ...apiClient.authorizationHeaders() },
  });
  if (!response.ok) throw await apiClient.failure(path, response);
  return response.text();
}
