import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../shared/session/api/get-current-user.ts';
import { useSession } from '../../shared/session/use-session.ts';
import { bulkHistoryQueryOptions } from '../bulk/index.ts';
import { mailboxesQueryOptions } from '../mailboxes/index.ts';
import { singleHistoryQueryOptions } from './api/get-single-search-history.ts';

export type FirstStep = { label: string; to: string; done: boolean };

// Not one of the spec's storage keys: a dismissal is remembered per user on this browser.
export const firstStepsDismissedKey = (userId: string) => `firstStepsDismissed:${userId}`;

// A new user's checklist, each step done or not from what the server holds: a single search
// in history, a bulk request, a mailbox (mail section only). Shown until dismissed or all done;
// while any answer is missing (loading or failed) nothing is shown rather than a wrong state.
export function useFirstSteps() {
  const { token, userId } = useSession();
  const user = useCurrentUser();
  const mail = user.data?.properties.sections.includes('mail') ?? false;
  const searches = useQuery(singleHistoryQueryOptions({ token, guestId: null }, 1));
  const bulk = useQuery(bulkHistoryQueryOptions(token, 1));
  const mailboxes = useQuery({ ...mailboxesQueryOptions(1), enabled: token !== null && mail });
  const [dismissed, setDismissed] = useLocalStorage({
    key: firstStepsDismissedKey(userId ?? ''),
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  const answered =
    user.isSuccess && searches.isSuccess && bulk.isSuccess && (!mail || mailboxes.isSuccess);
  const steps: FirstStep[] = [
    {
      label: 'Verify your first address',
      to: '/search/single',
      done: (searches.data?.rows.length ?? 0) > 0,
    },
    { label: 'Run a bulk list', to: '/search/bulk', done: (bulk.data?.totalItems ?? 0) > 0 },
    ...(mail
      ? [
          {
            label: 'Connect a mailbox',
            to: '/sender-list',
            done: (mailboxes.data?.total_count ?? 0) > 0,
          },
        ]
      : []),
  ];
  const visible = token !== null && answered && !dismissed && steps.some((step) => !step.done);
  return { steps, visible, dismiss: () => setDismissed(true) };
}
