import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, loginSchema } from '@mailhound/contracts';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { safeRedirectUrl, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { useLogin } from '../api/login.ts';
import { useLoginWithGoogle } from '../api/login-with-google.ts';
import { useCompleteLogin } from '../complete-login.ts';
import { redirectUrlFromState } from '../google-state.ts';
import { AuthCard } from './auth-card.tsx';
import { GoogleButton } from './google-button.tsx';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirectUrl = safeRedirectUrl(searchParams.get('redirectUrl'));
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const [loginFailed, setLoginFailed] = useState(false);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'all',
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const googleSignIn = useGoogleCallback((message) => setServerError(message));

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { token } = await login.mutateAsync(values);
      await completeLogin(token, redirectUrl);
    } catch (error) {
      setServerError(errorMessage(error, authMessages.loginFailed));
      setLoginFailed(true);
    }
  });

  return (
    <AuthCard title="Log In" subtitle="Welcome back to Mailhound.">
      <GoogleButton redirectUrl={redirectUrl} onError={setServerError} />
      <Divider label="or" labelPosition="center" />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            error={errors.username?.message}
            {...form.register('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          {loginFailed && (
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              Reset password
            </Anchor>
          )}
          <Button type="submit" loading={login.isPending || googleSignIn.isPending}>
            Log In
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Don’t have an account?{' '}
        <Anchor component={Link} to={withRedirectUrl('/signup', redirectUrl)}>
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}

// The identity provider returns to /auth/login with `code` and `state`: finish the sign-in.
function useGoogleCallback(onError: (message: string) => void) {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const loginWithGoogle = useLoginWithGoogle();
  const completeLogin = useCompleteLogin();
  const started = useRef(false);

  useEffect(() => {
    if (code === null || state === null || started.current) return;
    // A code can be exchanged only once, also under StrictMode's double effects.
    started.current = true;
    loginWithGoogle.mutate(
      { code, state },
      {
        onSuccess: ({ token }) => completeLogin(token, redirectUrlFromState(state)),
        onError: () => onError(authMessages.googleFailed),
      },
    );
  }, [code, state, loginWithGoogle.mutate, completeLogin, onError]);

  return loginWithGoogle;
}
