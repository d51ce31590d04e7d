import { authMessages } from '@mailhound/contracts';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../shared/api/api-error.ts';

// A refused call on the API and Webhooks screens: the server's message, in red.
export function showFailure(error: unknown) {
  notifications.show({ message: errorMessage(error, authMessages.genericRetry), color: 'red' });
}
