import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useApolloClient } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import {
  DatasetPrivacySpendDocument,
  JoinPreviewDocument,
  type DatasetList_DatasetFragment,
  type JoinPreviewQuery,
} from '../datasets.generated';
import { noisyValue } from '../privacy';
import { BudgetRemaining, NoiseNote } from './privacy-notes';
import { toApiError, type ApiError } from '../../../shared/apollo/graphql-errors';
import { builderSets, useConditionSql } from '../hooks/use-condition-sql';
import {
  addChild,
  defaultLeaf,
  emptyGroup,
  validateTree,
  type ConditionGroup,
  type SqlWhere,
} from '../join/condition-tree';
import { JoinBuilder } from './join-builder';
import { RefusalAlert, type AccessContext } from './refusal-alert';

type Props = {
  roomId: string;
  ids: [string, string];
  datasets: DatasetList_DatasetFragment[];
  names: ReadonlyMap<string, string>;
  roomKeys: ReadonlyMap<number, Uint8Array>;
  onReport: (request: { datasetIds: string[]; sqlWhere: SqlWhere; description: string }) => void;
  onRequestAccess: (context: AccessContext) => void;
  onClose: () => void;
};

export function firstTree(datasets: DatasetList_DatasetFragment[], ids: [string, string]): ConditionGroup {
  const root = emptyGroup('AND');
  return addChild(root, root.id, defaultLeaf(builderSets(datasets, ids)));
}

// Join two sets: the condition builder, a free count of the matching pairs (suppressed below a
// partner set's k) and the paid report.
export function JoinPanel({ roomId, ids, datasets, names, roomKeys, onReport, onRequestAccess, onClose }: Props) {
  const client = useApolloClient();
  const sets = useMemo(() => builderSets(datasets, ids), [datasets, ids]);
  const [tree, setTree] = useState(() => firstTree(datasets, ids));
  const [preview, setPreview] = useState<JoinPreviewQuery['joinDatasets'] | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const toSql = useConditionSql(roomId, roomKeys, datasets);
  const problems = validateTree(tree, sets);
  const setNames = { A: names.get(ids[0]) ?? 'A', B: names.get(ids[1]) ?? 'B' };
  const description = `Report of ${setNames.A} joined with ${setNames.B}.`;
  // a partner's set whose rule keeps columns back: its uploader may give them for one report
  const withholding = ids
    .map((id) => datasets.find((d) => d.id === id))
    .some((d) => d && !d.mine && d.partnerAccess !== 'full' && d.columns.some((c) => !c.shared));

  const act = async (action: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure(toApiError(error));
    } finally {
      setBusy(false);
    }
  };
  const count = () =>
    act(async () => {
      const { data } = await client.query({
        query: JoinPreviewDocument,
        variables: { roomId, dataset1Id: ids[0], dataset2Id: ids[1], sqlWhere: await toSql(ids, tree) },
        fetchPolicy: 'network-only',
      });
      setPreview(data?.joinDatasets ?? null);
    }).finally(() => void client.refetchQueries({ include: [DatasetPrivacySpendDocument] }));

  return (
    <Box component="section" aria-label="Join" sx={{ mt: 3, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'break-word' }}>
        Join {setNames.A} (A) with {setNames.B} (B)
      </Typography>
      <JoinBuilder
        tree={tree}
        onChange={(next) => {
          setPreview(null);
          setTree(next);
        }}
        sets={sets}
        setNames={setNames}
        problems={problems}
      />
      {problems.get('') ? <Alert severity="warning">{problems.get('')}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" disabled={busy || problems.size > 0} onClick={() => void count()}>
          Count matches
        </Button>
        <Button
          variant="contained"
          disabled={busy || problems.size > 0}
          onClick={() =>
            void act(async () => onReport({ datasetIds: ids, sqlWhere: await toSql(ids, tree), description }))
          }
        >
          Get report (1 IPT)
        </Button>
        {withholding ? (
          <Button
            disabled={busy || problems.size > 0}
            onClick={() =>
              void act(async () => onRequestAccess({ datasetIds: ids, sqlWhere: await toSql(ids, tree), description }))
            }
          >
            Ask for withheld columns
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
        {preview ? (
          <Typography role="status">
            {preview.suppressed || preview.matchCount === null
              ? 'Too few matches to show: the count would cover fewer rows of a partner’s data set than its minimum group size.'
              : preview.noisy
                ? `${noisyValue(preview.matchCount, preview.matchCountInterval)} matching rows`
                : `${preview.matchCount.toLocaleString('en-US')} matching row pair${preview.matchCount === 1 ? '' : 's'}`}
          </Typography>
        ) : null}
      </Box>
      {preview ? <NoiseNote answer={preview} /> : null}
      <BudgetRemaining roomId={roomId} datasets={ids.flatMap((id) => datasets.filter((d) => d.id === id))} />
      {failure ? (
        <RefusalAlert
          error={failure}
          onRequestAccess={(refused) =>
            void (async () =>
              onRequestAccess({ datasetIds: ids, sqlWhere: await toSql(ids, tree), description, columns: refused }))()
          }
        />
      ) : null}
    </Box>
  );
}
