import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { phoneApi, type AccessLine } from '../api/phone-api';
import { deviceId as deviceIdOf } from '../participant-storage';
import { useLoad } from './use-load';
import { serverErrorText } from './error-text';
import { english, useFormat, useT, type Translate } from '../i18n/i18n';

/** Each event in the participant's words; `detail` is a label the server chose, never content. */
export function describeAccess(line: AccessLine, t: Translate = english): string {
  switch (line.kind) {
    case 'submitted':
      return t('You sent your answer');
    case 'listed':
      return line.detail === 'collection'
        ? t('The requester downloaded your encrypted answer')
        : t('The requester looked at your answers');
    case 'exported':
      return line.detail === 'collection'
        ? t('The requester exported your encrypted answer')
        : t('The requester exported your answers to a file');
    case 'image_downloaded':
      return line.actor === 'requester'
        ? t('The requester downloaded an encrypted image of yours')
        : t('Someone with its link downloaded an encrypted image of yours');
    case 'approved':
      return line.actor === 'platform'
        ? t('Your answer was approved: the requester did not review it by the deadline')
        : t('The requester approved your answer');
    case 'rejected':
      return t('The requester rejected your answer');
    case 'webhook':
      return line.detail
        ? t("The requester's system was told ({{detail}})", { detail: line.detail })
        : t("The requester's system was told");
    case 'withdrawn':
      return t('You withdrew your answer: it was deleted');
    case 'expired':
      return t('Your answer was deleted: its keeping period ended');
    case 'retention_notice':
      return t('The requester was told your answer will be deleted in a week');
    case 'data_requested':
      return t('You downloaded everything Parley holds about you');
    case 'deleted':
      return line.actor === 'requester'
        ? t('The requester deleted the request: your answer was deleted with it')
        : t('You asked Parley to delete your data: it was deleted');
  }
}

/** "Who used my data": every event that touched this device's answers, newest first. */
export function AccessLog({ round }: { round: number }) {
  const t = useT();
  const format = useFormat();
  const log = useLoad(() => phoneApi.accessLog(deviceIdOf()), String(round));
  return (
    <Card component="section" aria-label={t('Access log')} sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 400 }}>
        {t('Who used your answers')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t(
          'Every time your answers or their images are sent, looked at, downloaded, exported, reviewed or deleted. It never holds your answers.',
        )}
      </Typography>
      {log.loading ? <Skeleton variant="rounded" height={80} /> : null}
      {log.error ? (
        <Typography variant="body2" color="error">
          {t('The log could not be loaded: {{message}}', { message: serverErrorText(log.error, t) })}
        </Typography>
      ) : null}
      {log.data && log.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('Nothing yet.')}
        </Typography>
      ) : null}
      <Box component="ol" aria-label={t('Access events')} sx={{ m: 0, p: 0 }}>
        {log.data?.map((line) => (
          <Box
            component="li"
            key={line.id}
            sx={{ listStyle: 'none', py: 1, borderTop: '1px solid', borderColor: 'divider' }}
          >
            <Typography variant="body2">{describeAccess(line, t)}</Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {format.dateTime(line.at)}
              {line.requestTitle ? ` · ${line.requestTitle}` : ''}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
