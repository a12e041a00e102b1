import MeetingRoom from '@mui/icons-material/MeetingRoom';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { IconCard } from '../../../shared/ui/icon-card';
import { lazyPart, usePreloadWhenIdle } from '../../../shared/ui/lazy-part';
import { RoomInvitations } from '../components/room-invitations';
import { RoomsTable } from '../components/rooms-table';
import { PageTabs } from '../../../shared/ui/page-tabs';

// The Create tab (its key choice, select and room key sealing) loads after the page: it starts hidden.
const CreateRoomForm = lazyPart(async () => (await import('../components/create-room-form')).CreateRoomForm, {
  label: 'Loading the room form…',
  minHeight: 160,
});

const TABS = [
  { id: 'rooms', label: 'Available Rooms' },
  { id: 'create', label: 'Create room' },
] as const;
type TabId = (typeof TABS)[number]['id'];

// /admin/vcr: the user's clean rooms, and a new one with a guest invited by e-mail.
export function RoomsPage() {
  const [tab, setTab] = useState<TabId>('rooms');
  usePreloadWhenIdle(CreateRoomForm);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1 }}>
        Virtual Clean Room
      </Typography>
      <IconCard
        icon={MeetingRoom}
        color="purple"
        title="Virtual Clean Room"
        subtitle="Compare and join encrypted data sets with a guest; the server never sees the keys"
        id="rooms"
      >
        <RoomInvitations />
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <PageTabs value={tab} onChange={setTab} label="Rooms">
            {TABS.map(({ id, label }) => (
              <Tab key={id} value={id} label={label} id={`rooms-tab-${id}`} aria-controls={`rooms-panel-${id}`} />
            ))}
          </PageTabs>
        </Box>
        <Box role="tabpanel" id="rooms-panel-rooms" aria-labelledby="rooms-tab-rooms" hidden={tab !== 'rooms'}>
          {tab === 'rooms' ? <RoomsTable onCreate={() => setTab('create')} /> : null}
        </Box>
        <Box role="tabpanel" id="rooms-panel-create" aria-labelledby="rooms-tab-create" hidden={tab !== 'create'}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            A room key is made in this browser and sealed to your chosen key; the guest joins by choosing one of theirs.
          </Typography>
          <CreateRoomForm />
        </Box>
      </IconCard>
    </>
  );
}
