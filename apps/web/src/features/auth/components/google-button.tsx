import { authMessages } from '@mailhound/contracts';
import { Button } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useGoogleUrl } from '../api/get-google-url.ts';

type GoogleButtonProps = { redirectUrl: string | null; onError: (message: string) => void };

export function GoogleButton({ redirectUrl, onError }: GoogleButtonProps) {
  const googleUrl = useGoogleUrl();
  const onClick = () => {
    googleUrl.mutate(redirectUrl, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => onError(errorMessage(error, authMessages.googleFailed)),
    });
  };
  return (
    <Button
      variant="default"
      leftSection={<IconBrandGoogle size={18} />}
      loading={googleUrl.isPending}
      onClick={onClick}
    >
      Continue with Google
    </Button>
  );
}
