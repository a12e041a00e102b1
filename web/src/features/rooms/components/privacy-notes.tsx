import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import {
  DatasetPrivacySpendDocument,
  type DatasetList_DatasetFragment,
  type PrivacyCharge_ChargeFragment,
} from '../datasets.generated';
import { noisyParts, queriesRemaining } from '../privacy';

type NoisyAnswer = { noisy: boolean; epsilonSpent: number; privacy: PrivacyCharge_ChargeFragment[] };

// Under a noisy answer: that it is noisy and how to read it, what it cost and what is left.
export function NoiseNote({ answer }: { answer: NoisyAnswer }) {
  if (!answer.noisy) return null;
  return (
    <Alert severity="info" role="note" aria-label="Noisy answer" sx={{ overflowWrap: 'break-word' }}>
      Noisy: random noise was added to protect the people in{' '}
      {answer.privacy.map((c) => c.name).join(' and ') || 'a partner’s data set'} (differential privacy). Each value is
      shown with a range that holds the true value 19 times in 20 (a 95% interval).
      {answer.privacy.map((charge) => (
        <Box component="span" key={charge.datasetId} sx={{ display: 'block', mt: 0.5 }}>
          {queriesRemaining(charge)}
        </Box>
      ))}
    </Alert>
  );
}

/** The partner's differentially private sets among these: what is left of the budget on each. */
export function BudgetRemaining({ roomId, datasets }: { roomId: string; datasets: DatasetList_DatasetFragment[] }) {
  const noisy = datasets.filter((d) => !d.mine && d.privacy.enabled);
  if (noisy.length === 0) return null;
  return (
    <Box role="status" aria-label="Queries remaining" sx={{ display: 'grid', gap: 0.5 }}>
      {noisy.map((d) => (
        <SetBudget key={d.id} roomId={roomId} dataset={d} />
      ))}
    </Box>
  );
}

function SetBudget({ roomId, dataset }: { roomId: string; dataset: DatasetList_DatasetFragment }) {
  const { data } = useQuery(DatasetPrivacySpendDocument, {
    variables: { roomId, datasetId: dataset.id },
    fetchPolicy: 'cache-and-network',
  });
  const yours = data?.datasetPrivacySpend.yours;
  if (!yours) return null;
  return (
    <Typography variant="body2" color={yours.queriesRemaining === 0 ? 'warning.main' : 'text.secondary'}>
      {queriesRemaining({ name: dataset.name, queriesRemaining: yours.queriesRemaining })}
    </Typography>
  );
}

/** A noisy value, its interval kept whole on one line (it moves below the value on narrow screens). */
export function NoisyValue({
  value,
  interval,
}: {
  value: number;
  interval: { low: number; high: number } | null | undefined;
}) {
  const parts = noisyParts(value, interval);
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {parts.value}
      </Box>
      {parts.range ? (
        <>
          {' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap', display: 'inline-block', color: 'text.secondary' }}>
            {parts.range}
          </Box>
        </>
      ) : null}
    </>
  );
}
