import Assessment from '@mui/icons-material/Assessment';
import CloudUpload from '@mui/icons-material/CloudUpload';
import History from '@mui/icons-material/History';
import HowToReg from '@mui/icons-material/HowToReg';
import Storage from '@mui/icons-material/Storage';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  CompareDatasetsDocument,
  DatasetPrivacySpendDocument,
  DatasetsDocument,
  DeleteDatasetsDocument,
  RoomReportsDocument,
  type CompareDatasetsQuery,
  type DatasetList_DatasetFragment,
} from '../datasets.generated';
import { RoomAuditDocument } from '../access.generated';
import { toApiError, type ApiError } from '../../../shared/apollo/graphql-errors';
import { ConfirmDeleteDialog } from '../../../shared/ui/confirm-delete-dialog';
import { IconCard } from '../../../shared/ui/icon-card';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useColumnGrants } from '../hooks/use-column-grants';
import { type RoomView } from '../room-state';
import { AccessRequestDialog } from './access-request-dialog';
import { AccessRequests } from './access-requests';
import { AggregatePanel } from './aggregate-panel';
import { AuditLog } from './audit-log';
import { DatasetsTable } from './datasets-table';
import { JoinPanel } from './join-panel';
import { BudgetRemaining } from './privacy-notes';
import { RefusalAlert, type AccessContext } from './refusal-alert';
import { ReportDialog, type ReportRequest } from './report-dialog';
import { ReportsList } from './reports-list';
import { RuleDialog } from './rule-dialog';
import { UploadPanel, type SecretKey, type UploadPanelProps } from './upload-panel';

const OverlapCharts = lazy(() => import('./overlap-charts'));
const POLL_MS = 15_000;

type Props = {
  room: RoomView;
  me: string;
  roomKeys: ReadonlyMap<number, Uint8Array>;
  currentKey: Uint8Array;
  // the key I entered the room with: my data sets' secrets are sealed to it
  secretKey: SecretKey | null;
  workers?: UploadPanelProps['workers'];
};

type Analysis = { kind: 'join'; ids: [string, string] } | { kind: 'aggregate'; ids: string[] } | null;

// Everything a member with the room key can do: upload with an analysis rule, select, compare,
// join, aggregate, pay for reports, ask for (or decide on) access, and read the audit log.
export function RoomData({ room, me, roomKeys, currentKey, secretKey, workers }: Props) {
  const client = useApolloClient();
  // the other members' uploads and reports show up without a reload
  const datasetsQuery = useQuery(DatasetsDocument, { variables: { roomId: room.id }, pollInterval: POLL_MS });
  const reportsQuery = useQuery(RoomReportsDocument, { variables: { roomId: room.id }, pollInterval: POLL_MS });
  const [deleteDatasets, { loading: deleting }] = useMutation(DeleteDatasetsDocument);
  const datasets = useMemo(() => datasetsQuery.data?.datasets ?? [], [datasetsQuery.data]);
  const mine = useMemo(() => datasets.filter((d) => d.mine), [datasets]);
  const grants = useColumnGrants(room.id, me, mine);
  const [selected, setSelected] = useState<string[]>([]);
  const [overlaps, setOverlaps] = useState<CompareDatasetsQuery['compareDatasets'] | null>(null);
  const [analysis, setAnalysis] = useState<Analysis>(null);
  const [report, setReport] = useState<ReportRequest | null>(null);
  const [accessContext, setAccessContext] = useState<AccessContext | null>(null);
  const [ruleOf, setRuleOf] = useState<DatasetList_DatasetFragment | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [failure, setFailure] = useState<{ error: ApiError; context: AccessContext } | null>(null);
  const [busy, setBusy] = useState(false);

  const live = selected.filter((id) => datasets.some((d) => d.id === id));
  const names = useMemo(() => new Map(datasets.map((d) => [d.id, d.name])), [datasets]);
  const memberName = (userId: string) => {
    const member = room.members.find((m) => m.userId === userId);
    return member ? member.nickname || member.username : 'a former member';
  };
  const alone = (id: string): AccessContext => ({ datasetIds: [id], description: `Report of ${names.get(id)} alone.` });

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const act = async (context: AccessContext, action: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure({ error: toApiError(error), context });
    } finally {
      setBusy(false);
    }
  };

  const compare = () =>
    act({ datasetIds: live, description: `Compare of ${live.map((id) => names.get(id)).join(', ')}.` }, async () => {
      setAnalysis(null);
      const { data } = await client.query({
        query: CompareDatasetsDocument,
        variables: { roomId: room.id, datasetIds: live },
        fetchPolicy: 'network-only',
      });
      setOverlaps(data?.compareDatasets ?? []);
      await client.refetchQueries({ include: [RoomAuditDocument, DatasetPrivacySpendDocument] });
    });

  const open = (next: Analysis) => {
    setOverlaps(null);
    setFailure(null);
    setAnalysis(next);
  };

  // what the join and aggregate panels share
  const panel = {
    roomId: room.id,
    datasets,
    names,
    roomKeys,
    onRequestAccess: setAccessContext,
    onClose: () => setAnalysis(null),
  };

  const removeSelected = () =>
    act({ datasetIds: live, description: '' }, async () => {
      setConfirmDelete(false);
      await deleteDatasets({ variables: { roomId: room.id, ids: live } });
      setSelected([]);
      setOverlaps(null);
      setAnalysis(null);
      await datasetsQuery.refetch();
    });

  return (
    <>
      <IconCard icon={CloudUpload} color="green" title="Upload a data set" id="upload">
        <UploadPanel
          roomId={room.id}
          keyVersion={room.keyVersion}
          roomKey={currentKey}
          secretKey={secretKey}
          existingNames={datasets.map((d) => d.name)}
          onUploaded={() => void datasetsQuery.refetch()}
          workers={workers}
        />
      </IconCard>
      <IconCard icon={Storage} color="blue" title="Data sets" id="datasets">
        {grants.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {grants.error}
          </Alert>
        ) : null}
        {datasetsQuery.loading && !datasetsQuery.data ? (
          <PageLoader label="Loading the data sets…" minHeight={120} />
        ) : datasets.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No data sets yet. Upload a CSV above; {room.ownerId === me ? 'your guest’s' : 'the room owner’s'} sets
            appear here too.
          </Typography>
        ) : (
          <>
            <DatasetsTable
              datasets={datasets}
              selected={live}
              onToggle={toggle}
              nameOf={memberName}
              onEditRule={setRuleOf}
              onRequestAccess={(d) => setAccessContext(alone(d.id))}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }} role="toolbar" aria-label="Data set actions">
              <Button variant="contained" disabled={busy || live.length < 1} onClick={() => void compare()}>
                Compare
              </Button>
              <Button
                variant="contained"
                disabled={busy || live.length !== 2}
                onClick={() => open({ kind: 'join', ids: [live[0], live[1]] })}
              >
                Join
              </Button>
              <Button
                variant="contained"
                disabled={busy || live.length < 1 || live.length > 2}
                onClick={() => open({ kind: 'aggregate', ids: live })}
              >
                Aggregate
              </Button>
              <Button
                variant="outlined"
                disabled={busy || live.length !== 1}
                onClick={() =>
                  setReport({ roomId: room.id, datasetIds: live, description: alone(live[0]).description })
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
              Compare: one or more sets. Join: exactly two. Aggregate: one or two. Report: one set. Delete: your own
              sets (the owner: any). What you may learn from a partner’s set is its uploader’s rule.
            </Typography>
            {analysis ? null : (
              <Box sx={{ mt: 1 }}>
                <BudgetRemaining roomId={room.id} datasets={datasets.filter((d) => live.includes(d.id))} />
              </Box>
            )}
          </>
        )}
        {failure ? (
          <Box sx={{ mt: 2 }}>
            <RefusalAlert
              error={failure.error}
              onRequestAccess={(refused) => setAccessContext({ ...failure.context, columns: refused })}
            />
          </Box>
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
        {analysis?.kind === 'join' ? (
          <JoinPanel
            key={analysis.ids.join()}
            ids={analysis.ids}
            onReport={(request) => setReport({ roomId: room.id, ...request })}
            {...panel}
          />
        ) : null}
        {analysis?.kind === 'aggregate' ? (
          <AggregatePanel key={analysis.ids.join()} ids={analysis.ids} {...panel} />
        ) : null}
      </IconCard>
      <IconCard icon={HowToReg} color="purple" title="Access requests" id="access-requests">
        <AccessRequests roomId={room.id} me={me} datasets={datasets} onGetReport={setReport} />
      </IconCard>
      <IconCard icon={Assessment} color="orange" title="Reports" id="reports">
        <ReportsList
          roomId={room.id}
          userId={me}
          reports={reportsQuery.data?.reports ?? []}
          roomKeys={roomKeys}
          setNames={names}
        />
      </IconCard>
      <IconCard icon={History} color="blue" title="Audit log" id="audit">
        <AuditLog roomId={room.id} />
      </IconCard>
      <ReportDialog
        request={report}
        datasets={datasets}
        onClose={() => setReport(null)}
        onCreated={() => void client.refetchQueries({ include: [RoomAuditDocument] })}
        onRequestAccess={setAccessContext}
      />
      <AccessRequestDialog
        roomId={room.id}
        context={accessContext}
        datasets={datasets}
        onClose={() => setAccessContext(null)}
      />
      <RuleDialog roomId={room.id} dataset={ruleOf} onClose={() => setRuleOf(null)} />
      <ConfirmDeleteDialog
        subject={confirmDelete ? (live.length === 1 ? (names.get(live[0]) ?? '') : `${live.length} data sets`) : null}
        message="The encrypted rows are deleted from the server; reports already made stay. You won't be able to revert this."
        deleting={deleting}
        error={null}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void removeSelected()}
      />
    </>
  );
}
