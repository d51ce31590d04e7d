import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, type CurrentUser, profileUpdateSchema } from '@mailhound/contracts';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

export function AccountSettingsPage() {
  const user = useCurrentUser();
  return (
    <Page title="Account Settings">
      {user.data === undefined ? <PageLoader /> : <PersonalInformationForm user={user.data} />}
    </Page>
  );
}

function PersonalInformationForm({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileUpdateSchema),
    mode: 'all',
    defaultValues: { fname: user.fname, lname: user.lname },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync(values);
      form.reset(values);
      notifications.show({ message: authMessages.profileUpdated, color: 'green' });
    } catch (error) {
      notifications.show({
        message: errorMessage(error, authMessages.cannotUpdateUser),
        color: 'red',
      });
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <form onSubmit={onSubmit} noValidate aria-label="Personal information">
        <Stack gap="sm">
          <TextInput label="Email" value={user.username} readOnly />
          <Group grow align="flex-start">
            <TextInput
              label="First Name"
              required
              error={errors.fname?.message}
              {...form.register('fname')}
            />
            <TextInput
              label="Last Name"
              required
              error={errors.lname?.message}
              {...form.register('lname')}
            />
          </Group>
          <Button
            type="submit"
            w="fit-content"
            loading={updateProfile.isPending}
            disabled={!isDirty}
          >
            Save Changes
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
