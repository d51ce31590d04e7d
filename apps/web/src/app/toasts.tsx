import { TOAST_MS } from '@mailhound/contracts';
import { Notifications } from '@mantine/notifications';

// api-spec §9: notifications default to 5000 ms, top-center.
export function Toasts() {
  return <Notifications position="top-center" autoClose={TOAST_MS} />;
}
