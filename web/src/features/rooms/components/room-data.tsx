import Assessment from '@mui/icons-material/Assessment';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Storage from '@mui/icons-material/Storage';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { toBase64 } from '../../../crypto/bytes';
import { createTokenHasher } from '../../../crypto/token-hasher';
import { type ValueKind } from '../../../crypto/normalise';
import {
  CompareDatasetsDocument,
  DatasetsDocument,
  DeleteDatasetsDocument,
  JoinPreviewDocument,
  RoomReportsDocument,
  type CompareDatasetsQuery,
} from '../../../gql/graphql';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { IconCard } from '../../../shared/ui/icon-card';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  defaultLeaf,
  emptyGroup,
  addChild,
  toSqlWhere,
  validateTree,
  type BuilderSets,
  type ConditionGroup,
} from '../join/condition-tree';
import { type RoomView } from '../room-state';
import { DatasetsTable } from './datasets-table';
import { JoinBuilder } from './join-builder';
import { ReportDialog, type ReportRequest } from './report-dialog';
import { ReportsList } from './reports-list';
import { UploadPanel, type UploadPanelProps } from './upload-panel';

const OverlapCharts = lazy(() => import('./overlap-charts'));
const POLL_MS = 15_000;

type Props = {
  room: RoomView;
  me: string;
  roomKeys: ReadonlyMap<number, Uint8Array>;
  currentKey: Uint8Array;
  workers?: UploadPanelProps['workers'];
};

// Everything a member with the room key can do: upload, select, compare, join, pay for reports.
export function RoomData({ room, roomKeys, currentKey, workers }: Props) {
  const client = useApolloClient();
  // the other members' uploads and reports show up without a reload
  const datasetsQuery = useQuery(DatasetsDocument, { variables: { roomId: room.id }, pollInterval: POLL_MS });
  const reportsQuery = useQuery(RoomReportsDocument, { variables: { roomId: room.id }, pollInterval: POLL_MS });
  const [deleteDatasets, { loading: deleting }] = useMutation(DeleteDatasetsDocument);
  const datasets = useMemo(() => datasetsQuery.data?.datasets ?? [], [datasetsQuery.data]);
  const [selected, setSelected] = useState<string[]>([]);
  const [overlaps, setOverlaps] = useState<CompareDatasetsQuery['compareDatasets'] | null>(null);
  const [join, setJoin] = useState<{ ids: [string, string]; tree: ConditionGroup } | null>(null);
  const [matchCount, setMatchCount] = useState<number | null>(null);
  const [report, setReport] = useState<ReportRequest | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const live = selected.filter((id) => datasets.some((d) => d.id === id));
  const names = useMemo(() => new Map(datasets.map((d) => [d.id, d.name])), [datasets]);
  const memberName = (userId: string) => {
    const member = room.members.find((m) => m.userId === userId);
    return member ? member.nickname || member.username : 'a former member';
  };
  const byId = (id: string) => datasets.find((d) => d.id === id);

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const act = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  const compare = () =>
    act(async () => {
      setJoin(null);
      const { data } = await client.query({
        query: CompareDatasetsDocument,
        variables: { roomId: room.id, datasetIds: live },
        fetchPolicy: 'network-only',
      });
      setOverlaps(data?.compareDatasets ?? []);
    });

  const builderSets: BuilderSets | null = useMemo(() => {
    if (!join) return null;
    const columnsOf = (id: string) =>
      (byId(id)?.columns ?? []).map((c) => ({
        name: c.name,
        role: c.role as 'clear' | 'join' | 'sealed',
        domain: c.domain ?? null,
      }));
    return { A: columnsOf(join.ids[0]), B: columnsOf(join.ids[1]) };
    // byId reads datasets
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [join?.ids, datasets]);

  const openJoin = () => {
    setOverlaps(null);
    setMatchCount(null);
    const ids: [string, string] = [live[0], live[1]];
    const columnsOf = (id: string) =>
      (byId(id)?.columns ?? []).map((c) => ({
        name: c.name,
        role: c.role as 'clear' | 'join' | 'sealed',
        domain: c.domain ?? null,
      }));
    const root = emptyGroup('AND');
    setJoin({ ids, tree: addChild(root, root.id, defaultLeaf({ A: columnsOf(ids[0]), B: columnsOf(ids[1]) })) });
  };

  const problems = join && builderSets ? validateTree(join.tree, builderSets) : new Map<string, string>();

  // equals-leaves carry the token of their literal, computed here with the room key
  const sqlWhere = async () => {
    if (!join || !builderSets) throw new Error('no join');
    const hashers = new Map<string, Awaited<ReturnType<typeof createTokenHasher>>>();
    return toSqlWhere(join.tree, async (side, column, value) => {
      const set = byId(join.ids[side === 'A' ? 0 : 1]);
      const meta = set?.columns.find((c) => c.name === column);
      if (!set || !meta?.domain) throw new Error(`${column} is not a join key`);
      const roomKey = roomKeys.get(set.keyVersion);
      if (!roomKey) throw new Error(`room key version ${set.keyVersion} is not open`);
      const cacheKey = `${set.keyVersion}:${meta.domain}`;
      let hasher = hashers.get(cacheKey);
      if (!hasher) hashers.set(cacheKey, (hasher = await createTokenHasher(roomKey, room.id, meta.domain)));
      const token = hasher.token(value, (meta.kind ?? 'text') as ValueKind);
      if (!token) throw new Error('an empty value has no token');
      return toBase64(token);
    });
  };

  const countMatches = () =>
    act(async () => {
      if (!join) return;
      const { data } = await client.query({
        query: JoinPreviewDocument,
        variables: { roomId: room.id, dataset1Id: join.ids[0], dataset2Id: join.ids[1], sqlWhere: await sqlWhere() },
        fetchPolicy: 'network-only',
      });
      setMatchCount(data?.joinDatasets.matchCount ?? null);
    });

  const askJoinReport = () =>
    act(async () => {
      if (!join) return;
      setReport({
        roomId: room.id,
        datasetIds: join.ids,
        sqlWhere: await sqlWhere(),
        description: `Report of ${names.get(join.ids[0])} joined with ${names.get(join.ids[1])}.`,
      });
    });

  const removeSelected = () =>
    act(async () => {
      setConfirmDelete(false);
      await deleteDatasets({ variables: { roomId: room.id, ids: live } });
      setSelected([]);
      setOverlaps(null);
      setJoin(null);
      await datasetsQuery.refetch();
    });

  return (
    <>
      <IconCard icon={CloudUpload} color="green" title="Upload a data set" id="upload">
        <UploadPanel
          roomId={room.id}
          keyVersion={room.keyVersion}
          roomKey={currentKey}
          existingNames={datasets.map((d) => d.name)}
          onUploaded={() => void datasetsQuery.refetch()}
          workers={workers}
        />
      </IconCard>
      <IconCard icon={Storage} color="blue" title="Data sets" id="datasets">
        {datasetsQuery.loading && !datasetsQuery.data ? (
          <PageLoader label="Loading the data sets…" minHeight={120} />
        ) : datasets.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No data sets yet. Upload a CSV above; your guest’s sets appear here too.
          </Typography>
        ) : (
          <>
            <DatasetsTable datasets={datasets} selected={live} onToggle={toggle} nameOf={memberName} />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }} role="toolbar" aria-label="Data set actions">
              <Button variant="contained" disabled={busy || live.length < 1} onClick={() => void compare()}>
                Compare
              </Button>
              <Button variant="contained" disabled={busy || live.length !== 2} onClick={openJoin}>
                Join
              </Button>
              <Button
                variant="outlined"
                disabled={busy || live.length !== 1}
                onClick={() =>
                  setReport({
                    roomId: room.id,
                    datasetIds: live,
                    description: `Report of the data set ${names.get(live[0])}.`,
                  })
                }
              >
                Report
              </Button>
              <Button
                color="error"
                variant="outlined"
                disabled={busy || deleting || live.length < 1}
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </Button>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Compare: one or more sets. Join: exactly two. Report: one set. Delete: your own sets (the owner: any).
            </Typography>
          </>
        )}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {overlaps ? (
          <Box component="section" aria-label="Overlap" sx={{ mt: 3 }}>
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              Overlap
            </Typography>
            <Suspense fallback={<PageLoader label="Drawing the charts…" minHeight={120} />}>
              <OverlapCharts overlaps={overlaps} names={names} />
            </Suspense>
          </Box>
        ) : null}
        {join && builderSets ? (
          <Box component="section" aria-label="Join" sx={{ mt: 3, display: 'grid', gap: 2 }}>
            <Typography variant="h6" component="h3">
              Join {names.get(join.ids[0])} (A) with {names.get(join.ids[1])} (B)
            </Typography>
            <JoinBuilder
              tree={join.tree}
              onChange={(tree) => {
                setMatchCount(null);
                setJoin({ ...join, tree });
              }}
              sets={builderSets}
              setNames={{ A: names.get(join.ids[0]) ?? 'A', B: names.get(join.ids[1]) ?? 'B' }}
              problems={problems}
            />
            {problems.get('') ? <Alert severity="warning">{problems.get('')}</Alert> : null}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="outlined" disabled={busy || problems.size > 0} onClick={() => void countMatches()}>
                Count matches
              </Button>
              <Button variant="contained" disabled={busy || problems.size > 0} onClick={() => void askJoinReport()}>
                Get report (1 IPT)
              </Button>
              <Button onClick={() => setJoin(null)}>Close</Button>
              {matchCount !== null ? (
                <Typography role="status">
                  {matchCount.toLocaleString('en-US')} matching row pair{matchCount === 1 ? '' : 's'}
                </Typography>
              ) : null}
            </Box>
          </Box>
        ) : null}
      </IconCard>
      <IconCard icon={Assessment} color="orange" title="Reports" id="reports">
        <ReportsList roomId={room.id} reports={reportsQuery.data?.reports ?? []} roomKeys={roomKeys} setNames={names} />
      </IconCard>
      <ReportDialog request={report} onClose={() => setReport(null)} onCreated={() => undefined} />
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby="delete-datasets-title">
        <DialogTitle id="delete-datasets-title">
          Delete {live.length === 1 ? names.get(live[0]) : `${live.length} data sets`}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            The encrypted rows are deleted from the server. Reports already made stay.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void removeSelected()}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
