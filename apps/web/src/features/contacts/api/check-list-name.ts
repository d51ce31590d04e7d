import { mailClient } from '../../../shared/api/clients.ts';

// 200 when the name is free; a 409 carries 'This name is already in use. Try another one.'
export function checkListName(name: string): Promise<unknown> {
  return mailClient.get('/groups/check', { query: { name } });
}
