import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { RoomAuditDocument, type RoomAuditQuery } from '../access.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { formatDateTime } from '../../../shared/ui/format-date';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageLoader } from '../../../shared/ui/page-loader';

const PAGE_SIZE = 10;
const POLL_MS = 15_000;
const ACTIONS: Record<string, string> = {
  compare: 'Compare',
  join: 'Join count',
  aggregate: 'Aggregate',
  report: 'Report',
  'access-requested': 'Access requested',
  'access-approved': 'Access approved',
  'access-declined': 'Access declined',
  'rule-changed': 'Rule changed',
  'role-changed': 'Role changed',
  'privacy-changed': 'Privacy changed',
};

type Entry = RoomAuditQuery['roomAudit']['entries'][number];

function outcome(entry: Entry): string | null {
  if (!entry.unit) return null;
  if (entry.hidden) return 'Result: too few rows of another member’s data to show you';
  if (entry.count === null) return 'Result: suppressed (fewer rows than a minimum group size)';
  const unit = entry.count === 1 ? entry.unit.replace(/s$/, '') : entry.unit;
  return `Result: ${entry.count.toLocaleString('en-US')} ${unit === 'pairs' || unit === 'pair' ? `matching ${unit}` : unit}`;
}

// Everything done with the room's data, by every member, newest first: each Compare, Join count,
// aggregate and report, each access request and decision, each change of a rule, a column's role
// or a set's differential privacy.
export function AuditLog({ roomId }: { roomId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(RoomAuditDocument, {
    variables: { roomId, page, limit: PAGE_SIZE },
    pollInterval: POLL_MS,
  });
  // the page shown stays until the next one arrives
  const log = query.data?.roomAudit ?? query.previousData?.roomAudit;
  if (query.error && !log)
    return <LoadErrorAlert message={toApiError(query.error).message} onRetry={() => void query.refetch()} />;
  if (!log) return <PageLoader label="Loading the audit log…" minHeight={80} />;
  if (log.total === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing yet. Every analysis, report, access request and rule change in this room is listed here, for every
        member to see.
      </Typography>
    );
  return (
    <>
      <Box component="ol" aria-label="Audit log" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {log.entries.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
          >
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip size="small" label={ACTIONS[entry.action] ?? entry.action} variant="outlined" />
              <Typography variant="body2" color="text.secondary">
                {entry.actorName} · {formatDateTime(entry.createdAt)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
              {entry.description}
            </Typography>
            {outcome(entry) ? (
              <Typography variant="caption" color="text.secondary">
                {outcome(entry)}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
      <Box
        component="nav"
        aria-label="Audit log pages"
        sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'flex-end', mt: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          Page {log.page} of {log.pages}
        </Typography>
        <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Newer
        </Button>
        <Button size="small" disabled={page >= log.pages} onClick={() => setPage((p) => p + 1)}>
          Older
        </Button>
      </Box>
    </>
  );
}
