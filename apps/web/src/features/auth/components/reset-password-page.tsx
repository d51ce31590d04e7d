import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, resetPasswordFormSchema } from '@mailhound/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [failed, setFailed] = useState(false);
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'all',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailed(false);
    try {
      const { message } = await resetPassword.mutateAsync({ token, password });
      notifications.show({ message, color: 'green' });
      navigate('/auth/login', { replace: true });
    } catch {
      // api-spec §8: any reset failure reads as an expired link.
      setFailed(true);
    }
  });

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...form.register('password', {
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
          {failed && (
            <Alert color="red" role="alert">
              {authMessages.linkExpired}
            </Alert>
          )}
          <Button type="submit" loading={resetPassword.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/auth/forgot-password">
          Request a new link
        </Anchor>
      </Text>
    </AuthCard>
  );
}
