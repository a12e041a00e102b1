import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useApolloClient } from '@apollo/client/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  AggregateDatasetsDocument,
  DatasetPrivacySpendDocument,
  type AggregateDatasetsQuery,
  type DatasetList_DatasetFragment,
} from '../datasets.generated';
import { RoomAuditDocument } from '../access.generated';
import { toApiError, type ApiError } from '../../../shared/apollo/graphql-errors';
import { PageLoader } from '../../../shared/ui/page-loader';
import { builderSets, useConditionSql } from '../hooks/use-condition-sql';
import { validateTree } from '../join/condition-tree';
import { JoinBuilder } from './join-builder';
import { firstTree } from './join-panel';
import { BudgetRemaining, NoiseNote, NoisyValue } from './privacy-notes';
import { RefusalAlert, type AccessContext } from './refusal-alert';

const AggregateChart = lazy(() => import('./aggregate-chart'));

const FUNCTIONS = [
  { value: 'count', label: 'Count of rows' },
  { value: 'countDistinct', label: 'Distinct count of a join key' },
  { value: 'sum', label: 'Sum' },
  { value: 'avg', label: 'Average' },
  { value: 'min', label: 'Minimum' },
  { value: 'max', label: 'Maximum' },
] as const;
type Fn = (typeof FUNCTIONS)[number]['value'];
type Measure = { fn: Fn; column: string };
const MAX_GROUP_BY = 3;
const MAX_MEASURES = 8;

type Props = {
  roomId: string;
  ids: string[];
  datasets: DatasetList_DatasetFragment[];
  names: ReadonlyMap<string, string>;
  roomKeys: ReadonlyMap<number, Uint8Array>;
  onRequestAccess: (context: AccessContext) => void;
  onClose: () => void;
};

// "set:column" keys of the select menus, and back
const refKey = (set: number, column: string) => `${set}:${column}`;
const fromKey = (key: string) => ({ set: Number(key.split(':')[0]), column: key.slice(key.indexOf(':') + 1) });

// Aggregates, the third analysis: counts, sums, averages, minimums and maximums grouped by up to
// three clear columns, over one set or a join of two. Free; groups too small for a partner set's
// minimum group size are not shown.
export function AggregatePanel({ roomId, ids, datasets, names, roomKeys, onRequestAccess, onClose }: Props) {
  const client = useApolloClient();
  const pair = ids.length === 2 ? ([ids[0], ids[1]] as [string, string]) : null;
  const sets = useMemo(() => ids.map((id) => datasets.find((d) => d.id === id)!), [ids, datasets]);
  const [tree, setTree] = useState(() => (pair ? firstTree(datasets, pair) : null));
  const [groupBy, setGroupBy] = useState<string[]>([]);
  const [measures, setMeasures] = useState<Measure[]>([{ fn: 'count', column: '' }]);
  const [result, setResult] = useState<AggregateDatasetsQuery['aggregateDatasets'] | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const toSql = useConditionSql(roomId, roomKeys, datasets);
  const problems = pair && tree ? validateTree(tree, builderSets(datasets, pair)) : new Map<string, string>();

  // a partner's columns are offered only when shared (the server refuses the others)
  const columns = (role: 'clear' | 'join') =>
    sets.flatMap((d, i) =>
      d.columns
        .filter((c) => c.role === role && (role === 'join' || d.mine || d.partnerAccess === 'full' || c.shared))
        .map((c) => ({ key: refKey(i + 1, c.name), label: `${c.name} (${d.name})` })),
    );
  const clear = columns('clear');
  const joinKeys = columns('join');
  const measureProblem = (m: Measure) => (m.fn !== 'count' && !m.column ? 'Choose a column' : null);
  const ready = problems.size === 0 && measures.every((m) => !measureProblem(m));
  const description = pair
    ? `Report of ${names.get(pair[0])} joined with ${names.get(pair[1])}.`
    : `Report of ${names.get(ids[0])} alone.`;

  const run = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const { data } = await client.query({
        query: AggregateDatasetsDocument,
        variables: {
          input: {
            roomId,
            datasetIds: ids,
            sqlWhere: pair && tree ? await toSql(pair, tree) : null,
            groupBy: groupBy.map(fromKey),
            measures: measures.map((m) => (m.fn === 'count' ? { fn: m.fn } : { fn: m.fn, column: fromKey(m.column) })),
          },
        },
        fetchPolicy: 'network-only',
      });
      setResult(data?.aggregateDatasets ?? null);
      await client.refetchQueries({ include: [RoomAuditDocument] });
    } catch (error) {
      setResult(null);
      setFailure(toApiError(error));
    } finally {
      // what is left of a privacy budget changed (or was found spent)
      void client.refetchQueries({ include: [DatasetPrivacySpendDocument] });
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label="Aggregate" sx={{ mt: 3, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'break-word' }}>
        Aggregate {pair ? `${names.get(pair[0])} (A) joined with ${names.get(pair[1])} (B)` : names.get(ids[0])}
      </Typography>
      {pair && tree ? (
        <JoinBuilder
          tree={tree}
          onChange={setTree}
          sets={builderSets(datasets, pair)}
          setNames={{ A: names.get(pair[0]) ?? 'A', B: names.get(pair[1]) ?? 'B' }}
          problems={problems}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label="Group by (up to 3 clear columns)"
          value={groupBy}
          onChange={(event) => {
            const value = event.target.value as unknown as string[];
            setGroupBy(value.slice(0, MAX_GROUP_BY));
          }}
          slotProps={{ select: { multiple: true } }}
          helperText={clear.length ? 'None: one total' : 'No clear column you may group by'}
          variant="standard"
          sx={{ flex: '1 1 260px', maxWidth: 480 }}
        >
          {clear.map((c) => (
            <MenuItem key={c.key} value={c.key} disabled={groupBy.length >= MAX_GROUP_BY && !groupBy.includes(c.key)}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box role="group" aria-label="Measures" sx={{ display: 'grid', gap: 1 }}>
        {measures.map((m, i) => {
          const options = m.fn === 'countDistinct' ? joinKeys : clear;
          return (
            <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <TextField
                select
                label={`Measure ${i + 1}`}
                value={m.fn}
                onChange={(event) =>
                  setMeasures(measures.map((x, j) => (j === i ? { fn: event.target.value as Fn, column: '' } : x)))
                }
                variant="standard"
                sx={{ flex: '1 1 200px', maxWidth: 280 }}
              >
                {FUNCTIONS.map((f) => (
                  <MenuItem key={f.value} value={f.value}>
                    {f.label}
                  </MenuItem>
                ))}
              </TextField>
              {m.fn === 'count' ? null : (
                <TextField
                  select
                  label={`Column of measure ${i + 1}`}
                  value={m.column}
                  onChange={(event) =>
                    setMeasures(measures.map((x, j) => (j === i ? { ...x, column: event.target.value } : x)))
                  }
                  error={Boolean(measureProblem(m))}
                  helperText={measureProblem(m) ?? ' '}
                  variant="standard"
                  sx={{ flex: '1 1 200px', maxWidth: 320 }}
                >
                  {options.map((c) => (
                    <MenuItem key={c.key} value={c.key}>
                      {c.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <IconButton
                aria-label={`Remove measure ${i + 1}`}
                disabled={measures.length === 1}
                onClick={() => setMeasures(measures.filter((_, j) => j !== i))}
              >
                <DeleteOutline />
              </IconButton>
            </Box>
          );
        })}
        <Box>
          <Button
            size="small"
            startIcon={<AddCircleOutline />}
            disabled={measures.length >= MAX_MEASURES}
            onClick={() => setMeasures([...measures, { fn: 'count', column: '' }])}
          >
            Add a measure
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={busy || !ready} onClick={() => void run()}>
          {busy ? 'Running…' : 'Run aggregate'}
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Box>
      <BudgetRemaining roomId={roomId} datasets={sets} />
      {failure ? (
        <RefusalAlert
          error={failure}
          onRequestAccess={(refused) =>
            void (async () =>
              onRequestAccess({
                datasetIds: ids,
                sqlWhere: pair && tree ? await toSql(pair, tree) : undefined,
                description,
                columns: refused,
              }))()
          }
        />
      ) : null}
      {result ? <AggregateResult result={result} /> : null}
    </Box>
  );
}

function AggregateResult({ result }: { result: AggregateDatasetsQuery['aggregateDatasets'] }) {
  const groupColumns = result.columns.filter((c) => c.kind === 'group');
  const measureColumns = result.columns.filter((c) => c.kind === 'measure');
  const format = (v: number | null | undefined, interval?: { low: number; high: number } | null) =>
    v === null || v === undefined ? (
      '—'
    ) : result.noisy ? (
      <NoisyValue value={v} interval={interval} />
    ) : (
      v.toLocaleString('en-US', { maximumFractionDigits: 2 })
    );
  const bars = result.groups
    .filter((g) => !g.suppressed && g.values[0] !== null && g.values[0] !== undefined)
    .map((g) => ({
      group: g.keys.length ? g.keys.map((k) => k ?? '(empty)').join(' / ') : 'All',
      value: g.values[0]!,
    }));
  return (
    <Box component="section" aria-label="Aggregate result" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
        {result.description}
      </Typography>
      <NoiseNote answer={result} />
      {result.thresholds.length ? (
        <Typography variant="caption" color="text.secondary">
          Groups covering fewer rows than {result.thresholds.map((t) => `${t.minGroupSize} of ${t.name}`).join(' or ')}{' '}
          are not shown, and neither is a group whose numbers would let you work out theirs.
        </Typography>
      ) : null}
      {result.groups.length === 0 ? (
        <Alert severity="info">No group is large enough to show.</Alert>
      ) : (
        // it scrolls sideways on a phone: a keyboard user must be able to reach and scroll it
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label="Aggregate groups, scrollable"
          sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        >
          <Table size="small" aria-label="Aggregate groups">
            <TableHead>
              <TableRow>
                {groupColumns.map((c) => (
                  <TableCell key={`g:${c.name}:${c.set}`}>{c.name}</TableCell>
                ))}
                {measureColumns.map((c, i) => (
                  <TableCell key={`m:${i}`} align="right">
                    {c.name}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {result.groups.map((g, i) => (
                <TableRow key={i}>
                  {g.keys.map((k, j) => (
                    <TableCell key={j} sx={{ overflowWrap: 'break-word' }}>
                      {k ?? '(empty)'}
                    </TableCell>
                  ))}
                  {g.suppressed ? (
                    <TableCell colSpan={measureColumns.length} align="right">
                      Suppressed: fewer rows than the minimum group size
                    </TableCell>
                  ) : (
                    g.values.map((v, j) => (
                      <TableCell key={j} align="right">
                        {format(v, g.intervals[j])}
                      </TableCell>
                    ))
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {bars.length > 1 ? (
        <Suspense fallback={<PageLoader label="Drawing the chart…" minHeight={120} />}>
          <AggregateChart bars={bars} measure={measureColumns[0]?.name ?? 'value'} />
        </Suspense>
      ) : null}
    </Box>
  );
}
