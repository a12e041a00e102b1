// Routes of the spec's table whose screens belong to later work (requests, surveys, responses,
// rooms). Each resolves to a page saying what it is for; replace the route's lazy import
// with the real screen when it lands.
import { UnavailableScreen } from '../../../shared/ui/unavailable-screen';

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
