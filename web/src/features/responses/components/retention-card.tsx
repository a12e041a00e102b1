import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RequestRetentionDocument, SetRequestRetentionDocument } from '../retention.generated';

const label = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`);

/**
 * The requester's view of retention: how long answers are kept (participants see it before they
 * answer, and it is signed into their receipts), what is due for deletion and what was deleted.
 */
export function RetentionCard({ requestId }: { requestId: string }) {
  const { data } = useQuery(RequestRetentionDocument, { variables: { requestId } });
  // the type has no id to normalise by: the query is read again after a change
  const [save, { loading }] = useMutation(SetRequestRetentionDocument, {
    refetchQueries: [RequestRetentionDocument],
    awaitRefetchQueries: true,
  });
  const [error, setError] = useState<string | null>(null);
  const r = data?.requestRetention;
  if (!r) return null;
  const choose = async (days: number) => {
    setError(null);
    try {
      await save({ variables: { requestId, days } });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The period could not be saved.');
    }
  };
  return (
    <Card component="section" aria-label="Retention" sx={{ p: 2, mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
            How long answers are kept
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {r.days === null
              ? 'No period chosen: answers stay until participants withdraw them or you delete the request.'
              : `Each answer is deleted ${label(r.days)} after it is sent; you are told a week before. Participants see this before they answer.`}
            {r.expiringSoon || r.deleted ? ` Due within a week: ${r.expiringSoon}. Deleted so far: ${r.deleted}.` : ''}
            {r.withdrawn ? ` Withdrawn or deleted by their participants: ${r.withdrawn}.` : ''}
          </Typography>
        </Box>
        <TextField
          select
          size="small"
          label="Keep answers for"
          value={r.days ?? ''}
          disabled={loading}
          onChange={(e) => void choose(Number(e.target.value))}
          sx={{ width: 200, flexShrink: 0 }}
        >
          {r.choices.map((d) => (
            <MenuItem key={d} value={d}>
              {label(d)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
    </Card>
  );
}
