import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, deleteAccountSchema } from '@mailhound/contracts';
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { logout } from '../../../shared/session/session-store.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

// Local users confirm with their password; identity-provider users without (§5).
const localUserSchema = deleteAccountSchema.required();

export function DeleteAccountPage() {
  const { loginProvider } = useSession();
  const needsPassword = loginProvider !== 'google';
  const deleteAccount = useDeleteAccount();
  const form = useForm({
    resolver: zodResolver(needsPassword ? localUserSchema : deleteAccountSchema),
    mode: 'all',
    defaultValues: needsPassword ? { password: '' } : {},
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await deleteAccount.mutateAsync(values);
      notifications.show({ message: authMessages.accountDeleted, color: 'green' });
      logout();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        form.setError('password', { message: authMessages.wrongPasswordOnDelete });
        return;
      }
      notifications.show({ message: errorMessage(error, authMessages.genericRetry), color: 'red' });
    }
  });

  return (
    <Page title="Delete Account">
      <Paper withBorder p="lg" radius="md" maw={560}>
        <form onSubmit={onSubmit} noValidate aria-label="Delete account">
          <Stack gap="sm">
            <Alert color="red" title="This cannot be undone">
              Deleting your account removes your profile, your search history and your remaining
              credits.
            </Alert>
            {needsPassword ? (
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                error={errors.password?.message}
                {...form.register('password')}
              />
            ) : (
              <Text size="sm">You signed in with Google, so no password is needed.</Text>
            )}
            <Button type="submit" color="red" w="fit-content" loading={deleteAccount.isPending}>
              Delete Account
            </Button>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
