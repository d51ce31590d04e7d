import {
  authMessages,
  COOLDOWN_MS,
  storageKeys,
  verificationCodeSchema,
} from '@mailhound/contracts';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { currentUserKey, useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { safeRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { useCooldown } from '../../../shared/ui/use-cooldown.ts';
import { useLogin } from '../api/login.ts';
import { useResendVerificationEmail } from '../api/resend-verification-email.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { useCompleteLogin } from '../complete-login.ts';
import { readVerificationState } from '../verification-state.ts';
import { AuthCard } from './auth-card.tsx';
import { emptyCode, VerificationCodeInput } from './verification-code-input.tsx';

export function EmailVerificationPage() {
  const [searchParams] = useSearchParams();
  const redirectUrl = safeRedirectUrl(searchParams.get('redirectUrl'));
  const location = useLocation();
  const credentials = readVerificationState(location.state);
  const { isLoggedIn } = useSession();
  const user = useCurrentUser();
  const username = isLoggedIn ? user.data?.username : credentials?.username;

  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verifyEmail = useVerifyEmail();
  const resend = useResendVerificationEmail();
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const cooldown = useCooldown(storageKeys.resendCooldown, COOLDOWN_MS);

  const [digits, setDigits] = useState(emptyCode);
  const [codeFailed, setCodeFailed] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);
  const code = verificationCodeSchema.safeParse(digits.join(''));

  const onChange = (next: string[]) => {
    setDigits(next);
    setCodeFailed(false);
  };

  // An account that is already active has nothing to verify.
  if (isLoggedIn && user.data?.status === 'active' && !verifyEmail.isPending) {
    return <Navigate to={redirectUrl ?? '/search/single'} replace />;
  }

  const onVerify = async () => {
    if (!code.success || username === undefined) return;
    try {
      await verifyEmail.mutateAsync({ username, code: code.data });
    } catch {
      setCodeFailed(true);
      return;
    }
    const target = redirectUrl ?? '/search/single';
    if (isLoggedIn) {
      // product-spec §4: a logged-in user has the user and balance refreshed.
      await Promise.all([
        queryClient.refetchQueries({ queryKey: currentUserKey }),
        queryClient.refetchQueries({ queryKey: balanceKey }),
      ]);
      navigate(target, { replace: true });
    } else if (credentials !== null) {
      // Otherwise log in with the credentials sign-up carried here.
      try {
        const { token } = await login.mutateAsync({
          username: credentials.username,
          password: credentials.password,
        });
        await completeLogin(token, redirectUrl);
      } catch (error) {
        setResendError(errorMessage(error, authMessages.loginFailed));
      }
    }
  };

  const onResend = async () => {
    if (username === undefined) return;
    setResendError(null);
    try {
      await resend.mutateAsync({ username });
      notifications.show({ message: authMessages.codeResent, color: 'green' });
      cooldown.start();
    } catch (error) {
      setResendError(errorMessage(error, authMessages.genericRetry));
    }
  };

  return (
    <AuthCard
      title="Verify your e-mail"
      subtitle={
        username
          ? `We have sent a 6-digit code to ${username}. Enter it below to activate your account.`
          : 'Enter the 6-digit code we have sent to your e-mail.'
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onVerify();
        }}
        noValidate
      >
        <Stack gap="md">
          <VerificationCodeInput
            value={digits}
            onChange={onChange}
            error={codeFailed}
            disabled={verifyEmail.isPending}
          />
          {codeFailed && (
            <Alert color="red" role="alert">
              {authMessages.verifyCodeFailed}
            </Alert>
          )}
          {resendError && (
            <Alert color="red" role="alert">
              {resendError}
            </Alert>
          )}
          <Button
            type="submit"
            disabled={!code.success || username === undefined}
            loading={verifyEmail.isPending || login.isPending}
          >
            Verify
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Didn’t get the code?{' '}
        <Anchor
          component="button"
          type="button"
          onClick={onResend}
          disabled={cooldown.active || resend.isPending || username === undefined}
        >
          {cooldown.active ? `Resend code in ${cooldown.remaining} s` : 'Resend code'}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
