import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../shared/ui/format-date';
import { phoneApi, type AccessLine } from '../api/phone-api';
import { deviceId as deviceIdOf } from '../participant-storage';
import { useLoad } from './use-load';

/** Each event in the participant's words; `detail` is a label the server chose, never content. */
export function describeAccess(line: AccessLine): string {
  switch (line.kind) {
    case 'submitted':
      return 'You sent your answer';
    case 'listed':
      return line.detail === 'collection'
        ? 'The requester downloaded your encrypted answer'
        : 'The requester looked at your answers';
    case 'exported':
      return line.detail === 'collection'
        ? 'The requester exported your encrypted answer'
        : 'The requester exported your answers to a file';
    case 'image_downloaded':
      return line.actor === 'requester'
        ? 'The requester downloaded an encrypted image of yours'
        : 'Someone with its link downloaded an encrypted image of yours';
    case 'approved':
      return line.actor === 'platform'
        ? 'Your answer was approved: the requester did not review it by the deadline'
        : 'The requester approved your answer';
    case 'rejected':
      return 'The requester rejected your answer';
    case 'webhook':
      return `The requester's system was told${line.detail ? ` (${line.detail})` : ''}`;
    case 'withdrawn':
      return 'You withdrew your answer: it was deleted';
    case 'expired':
      return 'Your answer was deleted: its keeping period ended';
    case 'retention_notice':
      return 'The requester was told your answer will be deleted in a week';
    case 'data_requested':
      return 'You downloaded everything Parley holds about you';
    case 'deleted':
      return line.actor === 'requester'
        ? 'The requester deleted the request: your answer was deleted with it'
        : 'You asked Parley to delete your data: it was deleted';
  }
}

/** "Who used my data": every event that touched this device's answers, newest first. */
export function AccessLog({ round }: { round: number }) {
  const log = useLoad(() => phoneApi.accessLog(deviceIdOf()), String(round));
  return (
    <Card component="section" aria-label="Access log" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 400 }}>
        Who used your answers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Every time your answers or their images are sent, looked at, downloaded, exported, reviewed or deleted. It never
        holds your answers.
      </Typography>
      {log.loading ? <Skeleton variant="rounded" height={80} /> : null}
      {log.error ? (
        <Typography variant="body2" color="error">
          The log could not be loaded: {log.error.message}
        </Typography>
      ) : null}
      {log.data && log.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing yet.
        </Typography>
      ) : null}
      <Box component="ol" aria-label="Access events" sx={{ m: 0, p: 0 }}>
        {log.data?.map((line) => (
          <Box
            component="li"
            key={line.id}
            sx={{ listStyle: 'none', py: 1, borderTop: '1px solid', borderColor: 'divider' }}
          >
            <Typography variant="body2">{describeAccess(line)}</Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(line.at)}
              {line.requestTitle ? ` · ${line.requestTitle}` : ''}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
