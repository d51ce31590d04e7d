import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, signUpSchema, storageKeys } from '@mailhound/contracts';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { safeRedirectUrl, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { readSignUpReason } from '../../../shared/session/sign-up-reason.ts';
import { useSignUp } from '../api/sign-up.ts';
import type { VerificationState } from '../verification-state.ts';
import { AuthCard } from './auth-card.tsx';
import { GoogleButton } from './google-button.tsx';

export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const redirectUrl = safeRedirectUrl(searchParams.get('redirectUrl'));
  const navigate = useNavigate();
  const reason = readSignUpReason(useLocation().state);
  const signUp = useSignUp();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    mode: 'all',
    defaultValues: { username: '', password: '', fname: '', lname: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await signUp.mutateAsync(values);
      // Sign-up has just sent the code: the 60-second resend cooldown starts now, as on the
      // server (product-spec §4 "Cooldowns").
      localStorage.setItem(storageKeys.resendCooldown, String(Date.now()));
      const state: VerificationState = values;
      navigate(withRedirectUrl('/email-verification', redirectUrl), { state });
    } catch (error) {
      // 409 (disposable address) and 400 (existing account) carry the text to show.
      setServerError(errorMessage(error, authMessages.signUpFailed, [400, 409]));
    }
  });

  return (
    <AuthCard title="Sign Up" subtitle="Create your free Mailhound account.">
      {reason && (
        <Alert color="blue" role="status">
          {reason}
        </Alert>
      )}
      <GoogleButton redirectUrl={redirectUrl} onError={setServerError} />
      <Divider label="or" labelPosition="center" />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.username?.message}
            {...form.register('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              required
              error={errors.fname?.message}
              {...form.register('fname')}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              required
              error={errors.lname?.message}
              {...form.register('lname')}
            />
          </Group>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Button type="submit" loading={signUp.isPending}>
            Sign Up
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={withRedirectUrl('/auth/login', redirectUrl)}>
          Log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
