import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { checkListName } from '../api/check-list-name.ts';
import { ListNameForm } from './list-name-form.tsx';

// Create list, name step: the name is checked, then the source step opens beside this one
// (/contacts/contacts-source, or the campaign's contacts/contacts-source) with it in state.
export function ListNamePage() {
  const navigate = useNavigate();
  return (
    <Page title="New Contact List">
      <Paper withBorder p="lg" radius="md" maw={560}>
        <ListNameForm
          submitLabel="Continue"
          onCancel={() => navigate('..')}
          onSubmit={async (name) => {
            await checkListName(name);
            navigate('../contacts-source', { state: { name } });
          }}
        />
      </Paper>
    </Page>
  );
}
