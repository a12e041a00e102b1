import Assessment from '@mui/icons-material/Assessment';
import Box from '@mui/material/Box';
import type { RequestResults_RequestFragment } from '../responses.generated';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';
import { LabelValueTable } from '../../../shared/ui/label-value-table';

// The five options of the collection wizard, in its order and wording.
const OPTIONS = [
  ['healthData', 'Collect health and fitness data'],
  ['locationData', 'Collect real-time location data'],
  ['profileData', 'Collect user profile data'],
  ['idData', 'ID Data'],
  ['personalImages', 'Personal Images'],
] as const;

// The request summary of a collection: its state, money and what it asks for.
export function CollectionSummary({ request }: { request: RequestResults_RequestFragment }) {
  const rows: [string, React.ReactNode][] = [
    [
      'Status',
      request.status === 1
        ? `Published${request.publishedAt ? ` ${formatDateTime(String(request.publishedAt))}` : ''}`
        : 'Draft',
    ],
    ['Responses', `${request.responseCount} of ${request.capacity} paid responses`],
    ['Total IPTs', request.bonusAmount],
    ['IPTs per Response', request.bonusEach],
    ['User Quality', request.quality === 'high' ? 'High' : 'All'],
    ['Access Type', request.access],
    ...OPTIONS.map(([field, label]): [string, string] => [label, request.options?.[field] ? 'Include' : 'Exclude']),
    [
      'Escrow',
      request.escrowAddress ? (
        <Box component="code" sx={{ fontSize: '0.8rem', wordBreak: 'break-all' }}>
          {request.escrowAddress}
        </Box>
      ) : (
        'Not funded (draft)'
      ),
    ],
  ];
  return (
    <IconCard icon={Assessment} color="orange" title="Request summary" id="request-summary">
      <LabelValueTable label="Request summary" rows={rows} />
    </IconCard>
  );
}
