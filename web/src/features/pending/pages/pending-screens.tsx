// Routes of the spec's table whose screens belong to later work (requests, surveys, responses,
// rooms). Each resolves to a page saying what it is for; replace the route's lazy import
// with the real screen when it lands.
import { useParams } from 'react-router';
import { UnavailableScreen } from '../../../shared/ui/unavailable-screen';

const typeName = (type: string | undefined) =>
  type === 'survey' ? 'survey' : type === 'collection' ? 'collection' : 'request';

export function CollectionWizardScreen() {
  return (
    <UnavailableScreen
      title="Create Data Access Request"
      purpose="A three-step wizard (Summary, Options, Preview) to ask participants for personal data, funded in IPT tokens."
    />
  );
}

export function SurveyWizardScreen() {
  return (
    <UnavailableScreen
      title="Create Survey Request"
      purpose="A three-step wizard (Summary, Design, Preview) to build a survey with dropdown, multiple-choice, checkbox and star-rating questions."
    />
  );
}

export function EditRequestScreen() {
  const { type, id } = useParams();
  return (
    <UnavailableScreen
      title={`Edit ${typeName(type)} ${id ?? ''}`.trim()}
      purpose="Edits an existing request with the same wizard used to create it."
    />
  );
}

export function CollectionListScreen() {
  return (
    <UnavailableScreen
      title="Collections"
      purpose="Lists your data access requests with their responses, and lets you edit, analyse or delete them."
    />
  );
}

export function SurveyListScreen() {
  return (
    <UnavailableScreen
      title="Surveys"
      purpose="Lists your survey requests with their responses, and lets you edit, analyse or delete them."
    />
  );
}

export function RoomListScreen() {
  return (
    <UnavailableScreen
      title="Virtual Clean Room"
      purpose="Lists your encrypted clean rooms and lets you create one with a guest invited by e-mail."
    />
  );
}

export function RoomScreen() {
  return (
    <UnavailableScreen
      title="Virtual Clean Room page"
      purpose="Upload encrypted CSV data sets with your guest, compare and join them, and download decrypted reports."
      backTo={{ to: '/admin/vcr', label: 'Back to the rooms' }}
    />
  );
}
