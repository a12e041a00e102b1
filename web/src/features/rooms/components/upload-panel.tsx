import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { generateDatasetSecret, sealDatasetSecret } from '../../../crypto/dataset-secret';
import { LOAD_KEY_PAIR_PATH } from '../../../shared/settings-paths';
import { minGroupSizeProblem, MIN_GROUP_SIZE } from '../analysis-rule';
import { type CsvScan } from '../csv/csv-reader';
import { CsvFile } from '../csv/csv-worker-client';
import { hasProblems, initialSetup, isShared, toPlans, validateSetup, type ColumnSetup } from '../upload/column-setup';
import { type EmptyCellPolicy, type EncryptedChunk, type EncryptTask } from '../upload/encrypt-rows';
import { EncryptUpload, UploadCancelled, type UploadProgress } from '../upload/encrypt-upload';
import { chunkRowsFor, discardUpload, uploadChunk, type DatasetUpload } from '../upload/upload-chunk';
import { defaultPoolSize, WorkerPool, type WorkerLike } from '../upload/worker-pool';
import { createCsvWorker, createEncryptWorker } from '../upload/workers';
import { ColumnSetupTable } from './column-setup-table';
import { CsvDropZone } from './csv-drop-zone';
import { defaultPrivacy, PrivacyFields, privacyProblems, type PrivacyDraft } from './privacy-fields';
import { RuleFields, type RuleDraft } from './rule-fields';

/** The uploader's own public key (the one they entered the room with): the data set's secret is sealed to it. */
export type SecretKey = { userId: string; publicKeyId: string; publicKeyPem: string };

export type UploadPanelProps = {
  roomId: string;
  keyVersion: number;
  roomKey: Uint8Array;
  secretKey: SecretKey | null;
  existingNames: string[];
  onUploaded: () => void;
  // tests run the workers on the page's thread
  workers?: { csv: () => WorkerLike; encrypt: () => WorkerLike };
};

type Stage =
  | { kind: 'idle' }
  | { kind: 'scanning'; file: File; rows: number }
  | { kind: 'setup'; file: File; scan: CsvScan }
  | { kind: 'uploading'; file: File; progress: UploadProgress; job: EncryptUpload }
  | { kind: 'done'; name: string; rows: number };

const fmt = (n: number) => n.toLocaleString('en-US');
// columns withheld from partners are sealed to the uploader's own key, whose private half must be here
const KEY_MISSING =
  'The private key you chose for this room is not in this browser: load it in Settings → Load Key Pair to keep columns from partners.';

// Drop a CSV -> scan it in the CSV worker -> set up the columns -> encrypt in the worker pool and
// upload in chunks, with a progress bar; a failed chunk pauses the upload until "Retry upload".
export function UploadPanel({
  roomId,
  keyVersion,
  roomKey,
  secretKey,
  existingNames,
  onUploaded,
  workers,
}: UploadPanelProps) {
  const createCsv = workers?.csv ?? createCsvWorker;
  const createEncrypt = workers?.encrypt ?? createEncryptWorker;
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [columns, setColumns] = useState<ColumnSetup[]>([]);
  const [emptyCells, setEmptyCells] = useState<EmptyCellPolicy>('null');
  const [rule, setRule] = useState<RuleDraft>({
    partnerAccess: 'matches',
    minGroupSize: String(MIN_GROUP_SIZE.default),
  });
  const [privacy, setPrivacy] = useState<PrivacyDraft>(defaultPrivacy('matches'));
  // the switch follows the rule (on under matches and aggregates) until the uploader touches it
  const [privacyTouched, setPrivacyTouched] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  // set from "Encrypt and upload" until the upload runs: a second press must not start a second one
  const [starting, setStarting] = useState(false);
  const startingNow = useRef(false);
  const running = useRef<{
    csv: CsvFile;
    upload: EncryptUpload | null;
    pool: WorkerPool<EncryptTask, EncryptedChunk> | null;
  } | null>(null);

  useEffect(
    () => () => {
      running.current?.upload?.cancel();
      running.current?.pool?.close();
      running.current?.csv.close();
    },
    [],
  );

  const release = () => {
    running.current?.pool?.close();
    running.current?.csv.close();
    running.current = null;
  };

  const pickFile = async (file: File) => {
    release();
    setError(null);
    setShowProblems(false);
    setStage({ kind: 'scanning', file, rows: 0 });
    const csv = new CsvFile(file, createCsv);
    running.current = { csv, upload: null, pool: null };
    try {
      const scan = await csv.scan((rows) => setStage({ kind: 'scanning', file, rows }));
      // the encryption workers load and warm up while the columns are set up
      if (running.current?.csv === csv) {
        running.current.pool = new WorkerPool<EncryptTask, EncryptedChunk>(
          createEncrypt,
          undefined,
          defaultPoolSize(),
          {
            warm: true,
          },
        );
      }
      setColumns(initialSetup(scan.header));
      setRule({ partnerAccess: 'matches', minGroupSize: String(MIN_GROUP_SIZE.default) });
      setPrivacy(defaultPrivacy('matches'));
      setPrivacyTouched(false);
      setName(file.name.replace(/\.csv$/i, '').slice(0, 100));
      setStage({ kind: 'setup', file, scan });
    } catch (failure) {
      release();
      setStage({ kind: 'idle' });
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const problems = validateSetup(name, columns, existingNames, stage.kind === 'setup' ? stage.scan.maxBytes : []);
  const kProblem = minGroupSizeProblem(rule.minGroupSize);
  const dpProblems = privacyProblems(privacy);
  const changeRule = (next: RuleDraft) => {
    setRule(next);
    if (!privacyTouched) setPrivacy({ ...privacy, enabled: next.partnerAccess !== 'full' });
  };

  const start = async () => {
    if (stage.kind !== 'setup' || !running.current || startingNow.current) return;
    setShowProblems(true);
    if (hasProblems(problems) || kProblem || Object.keys(dpProblems).length) return;
    startingNow.current = true;
    setStarting(true);
    try {
      await encryptAndUpload(stage);
    } finally {
      startingNow.current = false;
      setStarting(false);
    }
  };

  const encryptAndUpload = async (setup: Extract<Stage, { kind: 'setup' }>) => {
    if (!running.current) return;
    const { file, scan } = setup;
    const plans = toPlans(columns, scan.maxBytes, rule.partnerAccess);
    const chunkRows = chunkRowsFor(plans, scan.maxBytes);
    const datasetId = crypto.randomUUID();
    // columns partners may not receive are sealed with a secret of this set, sealed to my own key
    const withheld = plans.some((plan) => plan.role !== 'clear' && !plan.shared);
    let datasetSecret: Uint8Array | undefined;
    let sealedSecret: DatasetUpload['sealedSecret'] = null;
    if (withheld) {
      if (!secretKey) {
        setError(KEY_MISSING);
        return;
      }
      datasetSecret = generateDatasetSecret();
      try {
        sealedSecret = {
          publicKeyId: secretKey.publicKeyId,
          envelope: await sealDatasetSecret(secretKey.publicKeyPem, datasetSecret, {
            roomId,
            datasetId,
            userId: secretKey.userId,
          }),
        };
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        return;
      }
      // the panel was closed or another file chosen while the secret was sealed
      if (!running.current) return;
    }
    const upload: DatasetUpload = {
      roomId,
      datasetId,
      name: name.trim(),
      columns: plans,
      chunkCount: Math.ceil(scan.rowCount / chunkRows),
      keyVersion,
      emptyCells,
      partnerAccess: rule.partnerAccess,
      minGroupSize: Number(rule.minGroupSize),
      privacy: {
        enabled: privacy.enabled,
        ...(privacy.enabled ? { budget: Number(privacy.budget), queryCost: Number(privacy.queryCost) } : {}),
      },
      sealedSecret,
    };
    const pool = running.current.pool ?? new WorkerPool<EncryptTask, EncryptedChunk>(createEncrypt);
    pool.init({
      roomKey,
      roomId,
      datasetId,
      keyVersion,
      columns: plans,
      emptyCells,
      datasetSecret,
    });
    const job = new EncryptUpload({
      batches: running.current.csv.batches(chunkRows),
      pool,
      totalRows: scan.rowCount,
      upload: (index, chunk) => uploadChunk(upload, index, chunk),
      onProgress: (progress) => setStage({ kind: 'uploading', file, progress, job }),
    });
    running.current = { ...running.current, pool, upload: job };
    try {
      const { rows } = await job.run();
      setStage({ kind: 'done', name: upload.name, rows });
      onUploaded();
    } catch (failure) {
      setStage({ kind: 'idle' });
      if (!(failure instanceof UploadCancelled)) setError(failure instanceof Error ? failure.message : String(failure));
      // the chunks that did arrive would keep the name taken by a set nobody sees
      void discardUpload(upload);
    } finally {
      release();
    }
  };

  const busy = stage.kind === 'scanning' || stage.kind === 'uploading';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {stage.kind === 'setup' || stage.kind === 'uploading' ? null : (
        <CsvDropZone onFile={(file) => void pickFile(file)} disabled={busy} />
      )}
      {error ? (
        <Alert severity="error">
          {error}
          {error === KEY_MISSING ? (
            <>
              {' '}
              <Link component={RouterLink} to={LOAD_KEY_PAIR_PATH}>
                Load Key Pair
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {stage.kind === 'done' ? (
        <Alert severity="success" role="status">
          {stage.name}: {fmt(stage.rows)} rows encrypted and uploaded.
        </Alert>
      ) : null}
      {stage.kind === 'scanning' ? (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">
            Reading {stage.file.name}… {stage.rows > 0 ? `${fmt(stage.rows)} rows so far` : ''}
          </Typography>
          <LinearProgress aria-label="Reading the CSV file" sx={{ mt: 1 }} />
        </Box>
      ) : null}
      {stage.kind === 'setup' ? (
        <Box
          component="form"
          aria-label="Set up the columns"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography variant="body2">
            {stage.file.name}: {fmt(stage.scan.rowCount)} rows, {stage.scan.header.length} columns.
          </Typography>
          <TextField
            label="Data set name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={showProblems && Boolean(problems.name)}
            helperText={(showProblems && problems.name) || ' '}
            variant="standard"
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ maxWidth: 420 }}
          />
          <ColumnSetupTable
            columns={columns}
            sample={stage.scan.sample}
            problems={showProblems ? problems : { columns: {} }}
            onChange={setColumns}
            allShared={rule.partnerAccess === 'full'}
          />
          <Typography variant="subtitle1" component="h3">
            Analysis rule
          </Typography>
          <RuleFields
            rule={rule}
            onChange={changeRule}
            columns={columns.map((c) => ({ ...c, shared: isShared(c) || rule.partnerAccess === 'full' }))}
            problem={showProblems ? kProblem : null}
          />
          <Typography variant="subtitle1" component="h3">
            Differential privacy
          </Typography>
          <PrivacyFields
            draft={privacy}
            onChange={(next) => {
              setPrivacyTouched(true);
              setPrivacy(next);
            }}
            problems={showProblems ? dpProblems : {}}
          />
          <TextField
            select
            label="Empty join-key cells"
            value={emptyCells}
            onChange={(event) => setEmptyCells(event.target.value as EmptyCellPolicy)}
            variant="standard"
            sx={{ maxWidth: 420 }}
          >
            <MenuItem value="null">Stay empty (never match)</MenuItem>
            <MenuItem value="random">Get a random token (hides which cells are empty)</MenuItem>
          </TextField>
          {columns.some((column) => column.role === 'clear') ? (
            <Alert severity="warning">
              Clear columns are stored as they are. They can reveal encrypted columns they correlate with (a postcode
              next to a sealed address, say).
            </Alert>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            The server still learns row counts, padded value lengths, which rows share a value within a join domain,
            overlap sizes, and the clear columns.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={starting}>
              Encrypt and upload
            </Button>
            <Button
              onClick={() => {
                release();
                setStage({ kind: 'idle' });
              }}
            >
              Cancel
            </Button>
          </Box>
        </Box>
      ) : null}
      {stage.kind === 'uploading' ? <UploadProgressView progress={stage.progress} job={stage.job} /> : null}
    </Box>
  );
}

function UploadProgressView({ progress, job }: { progress: UploadProgress; job: EncryptUpload | null }) {
  const percent = progress.total === 0 ? 0 : Math.round((progress.uploaded / progress.total) * 100);
  return (
    <Box>
      <Typography variant="body2" id="upload-progress-label">
        Encrypted {fmt(progress.encrypted)} of {fmt(progress.total)} rows, uploaded {fmt(progress.uploaded)} ({percent}
        %)
      </Typography>
      <LinearProgress
        variant="buffer"
        value={percent}
        valueBuffer={progress.total === 0 ? 0 : (progress.encrypted / progress.total) * 100}
        aria-labelledby="upload-progress-label"
        sx={{ mt: 1, height: 8, borderRadius: 4 }}
      />
      {progress.paused ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <>
              <Button color="inherit" size="small" onClick={() => job?.retry()}>
                Retry upload
              </Button>
              <Button color="inherit" size="small" onClick={() => job?.cancel()}>
                Cancel
              </Button>
            </>
          }
        >
          {progress.paused}. The rows uploaded so far are kept; retrying continues from the failed chunk.
        </Alert>
      ) : (
        <Button size="small" sx={{ mt: 1 }} onClick={() => job?.cancel()}>
          Cancel upload
        </Button>
      )}
    </Box>
  );
}
