import { useParams } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';

export function CompanyPage() {
  const { name = '' } = useParams();
  return <Page title={name} />;
}
