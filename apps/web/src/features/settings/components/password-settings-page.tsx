import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, passwordChangeFormSchema } from '@mailhound/contracts';
import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useChangePassword } from '../api/change-password.ts';

const emptyForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSettingsPage() {
  const { loginProvider } = useSession();
  // Identity-provider users have no password to change.
  if (loginProvider === 'google') return <Navigate to="/settings/account" replace />;
  return (
    <Page title="Password">
      <PasswordForm />
    </Page>
  );
}

function PasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: 'all',
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ oldPassword, newPassword });
      form.reset(emptyForm);
      notifications.show({ message: authMessages.passwordUpdated, color: 'green' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        // api-spec §5: a 400 here means the old password is wrong.
        form.setError('oldPassword', { message: authMessages.wrongOldPassword });
        return;
      }
      notifications.show({
        message: errorMessage(error, authMessages.cannotUpdatePassword),
        color: 'red',
      });
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <form onSubmit={onSubmit} noValidate aria-label="Password update">
        <Stack gap="sm">
          <PasswordInput
            label="Old password"
            autoComplete="current-password"
            required
            error={errors.oldPassword?.message}
            {...form.register('oldPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            error={errors.newPassword?.message}
            {...form.register('newPassword', {
              // The confirmation is checked again whenever the new password changes.
              onChange: () => {
                if (form.getValues('confirmPassword') !== '') form.trigger('confirmPassword');
              },
            })}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" w="fit-content" loading={changePassword.isPending}>
            Update Password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
