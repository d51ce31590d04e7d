import { zodResolver } from '@hookform/resolvers/zod';
import {
  authMessages,
  COOLDOWN_MS,
  forgotPasswordSchema,
  RESET_LINK_SENT_TOAST_MS,
  storageKeys,
} from '@mailhound/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCooldown } from '../../../shared/ui/use-cooldown.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const cooldown = useCooldown(storageKeys.resetCooldown, COOLDOWN_MS);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await forgotPassword.mutateAsync(values);
      notifications.show({
        message: authMessages.resetLinkSent,
        color: 'green',
        autoClose: RESET_LINK_SENT_TOAST_MS,
      });
      cooldown.start();
    } catch (error) {
      setServerError(errorMessage(error, authMessages.genericRetry));
    }
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your e-mail and we will send you a link to reset your password."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Button type="submit" loading={forgotPassword.isPending} disabled={cooldown.active}>
            {cooldown.active ? `Send again in ${cooldown.remaining} s` : 'Send Reset Link'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/auth/login">
          Back to login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
