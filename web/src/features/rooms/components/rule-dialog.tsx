import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import {
  ColumnKeysToSealDocument,
  DatasetPrivacySpendDocument,
  DatasetsDocument,
  SetColumnRoleDocument,
  UpdateDatasetPrivacyDocument,
  UpdateDatasetRuleDocument,
  type DatasetList_DatasetFragment,
} from '../datasets.generated';
import { RoomAuditDocument } from '../access.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { minGroupSizeProblem, type PartnerAccess } from '../analysis-rule';
import { PARTNER_ROLE_OPTIONS, ROLES_BY_STORAGE, type PartnerRole } from '../privacy';
import { boundsProblems } from '../upload/column-setup';
import { type ColumnRole } from '../upload/encrypt-rows';
import { PrivacyFields, privacyProblems, type PrivacyDraft } from './privacy-fields';
import { RuleFields, type RuleDraft } from './rule-fields';

type Props = { roomId: string; dataset: DatasetList_DatasetFragment | null; onClose: () => void };
type RoleDraft = { partnerRole: PartnerRole; lower: string; upper: string };

// The uploader changes a data set's rule: partner access and k, what partners may do with each
// column, and differential privacy (the budget can be raised once partners have spent theirs, and
// what each partner spent is shown). Later queries follow; every change goes to the audit log. A
// column sealed with the set's secret that becomes shared opens for partners once this browser
// has sealed its key to them (it does so by itself).
export function RuleDialog({ roomId, dataset, onClose }: Props) {
  return (
    <Dialog open={dataset !== null} onClose={onClose} aria-labelledby="rule-dialog-title" fullWidth maxWidth="md">
      {dataset ? <RuleForm key={dataset.id} roomId={roomId} dataset={dataset} onClose={onClose} /> : null}
    </Dialog>
  );
}

const roleDraft = (c: DatasetList_DatasetFragment['columns'][number]): RoleDraft => ({
  partnerRole: c.partnerRole as PartnerRole,
  lower: c.lower === null || c.lower === undefined ? '' : String(c.lower),
  upper: c.upper === null || c.upper === undefined ? '' : String(c.upper),
});

function RuleForm({ roomId, dataset, onClose }: Props & { dataset: DatasetList_DatasetFragment }) {
  const refetchQueries = [ColumnKeysToSealDocument, RoomAuditDocument, DatasetsDocument, DatasetPrivacySpendDocument];
  const [saveRule, { loading: savingRule }] = useMutation(UpdateDatasetRuleDocument, { refetchQueries });
  const [saveRole, { loading: savingRole }] = useMutation(SetColumnRoleDocument, { refetchQueries });
  const [savePrivacy, { loading: savingPrivacy }] = useMutation(UpdateDatasetPrivacyDocument, { refetchQueries });
  const spend = useQuery(DatasetPrivacySpendDocument, {
    variables: { roomId, datasetId: dataset.id },
    fetchPolicy: 'cache-and-network',
  });
  const [rule, setRule] = useState<RuleDraft>({
    partnerAccess: dataset.partnerAccess as PartnerAccess,
    minGroupSize: String(dataset.minGroupSize),
  });
  const [roles, setRoles] = useState<Record<string, RoleDraft>>(() =>
    Object.fromEntries(dataset.columns.map((c) => [c.name, roleDraft(c)])),
  );
  const [privacy, setPrivacy] = useState<PrivacyDraft>({
    enabled: dataset.privacy.enabled,
    budget: String(dataset.privacy.budget),
    queryCost: String(dataset.privacy.queryCost),
  });
  const [error, setError] = useState<string | null>(null);
  const kProblem = minGroupSizeProblem(rule.minGroupSize);
  const dpProblems = privacyProblems(privacy);
  const bounds = Object.fromEntries(
    dataset.columns.map((c) => [
      c.name,
      roles[c.name].partnerRole === 'metric' ? boundsProblems(roles[c.name].lower, roles[c.name].upper) : {},
    ]),
  );
  const invalid =
    Boolean(kProblem) ||
    Object.keys(dpProblems).length > 0 ||
    Object.values(bounds).some((b) => Object.keys(b).length > 0);
  const all = rule.partnerAccess === 'full';
  const roomSealedNotShared = dataset.columns.some(
    (c) => c.sealing === 'room' && roles[c.name].partnerRole !== 'shared' && !all,
  );
  const loading = savingRule || savingRole || savingPrivacy;

  const submit = async () => {
    if (invalid) return;
    try {
      await saveRule({
        variables: {
          input: {
            roomId,
            datasetId: dataset.id,
            partnerAccess: rule.partnerAccess,
            minGroupSize: Number(rule.minGroupSize),
          },
        },
      });
      for (const c of dataset.columns) {
        const draft = roles[c.name];
        const before = roleDraft(c);
        if (draft.partnerRole === before.partnerRole && draft.lower === before.lower && draft.upper === before.upper)
          continue;
        const metric = draft.partnerRole === 'metric';
        await saveRole({
          variables: {
            input: {
              roomId,
              datasetId: dataset.id,
              column: c.name,
              partnerRole: draft.partnerRole,
              lower: metric ? Number(draft.lower) : null,
              upper: metric ? Number(draft.upper) : null,
            },
          },
        });
      }
      const enabled = privacy.enabled;
      const changed =
        enabled !== dataset.privacy.enabled ||
        (enabled &&
          (Number(privacy.budget) !== dataset.privacy.budget ||
            Number(privacy.queryCost) !== dataset.privacy.queryCost));
      if (changed)
        await savePrivacy({
          variables: {
            input: {
              roomId,
              datasetId: dataset.id,
              enabled,
              ...(enabled ? { budget: Number(privacy.budget), queryCost: Number(privacy.queryCost) } : {}),
            },
          },
        });
      onClose();
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  };

  const partners = spend.data?.datasetPrivacySpend.partners ?? [];
  return (
    <>
      <DialogTitle id="rule-dialog-title" sx={{ overflowWrap: 'break-word' }}>
        Analysis rule of {dataset.name}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Box role="group" aria-labelledby="rule-column-roles" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="rule-column-roles" variant="subtitle1" component="h3">
            What partners may do with each column
          </Typography>
          {all ? (
            <Typography variant="body2" color="text.secondary">
              Under “Everything” partners may do anything with every column; the roles below apply again if you choose
              another rule.
            </Typography>
          ) : null}
          {dataset.columns.map((c) => {
            const draft = roles[c.name];
            const set = (change: Partial<RoleDraft>) => setRoles({ ...roles, [c.name]: { ...draft, ...change } });
            return (
              <Box key={c.name} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                <TextField
                  select
                  label={`What partners may do with ${c.name}`}
                  value={draft.partnerRole}
                  onChange={(event) => set({ partnerRole: event.target.value as PartnerRole })}
                  helperText={PARTNER_ROLE_OPTIONS[draft.partnerRole].help}
                  variant="standard"
                  size="small"
                  sx={{ flex: '1 1 260px', maxWidth: 420 }}
                >
                  {ROLES_BY_STORAGE[c.role as ColumnRole].map((role) => (
                    <MenuItem key={role} value={role}>
                      {PARTNER_ROLE_OPTIONS[role].label}
                    </MenuItem>
                  ))}
                </TextField>
                {draft.partnerRole === 'metric' ? (
                  <>
                    <TextField
                      label={`Lower bound of ${c.name}`}
                      value={draft.lower}
                      onChange={(event) => set({ lower: event.target.value })}
                      error={Boolean(bounds[c.name].lower)}
                      helperText={bounds[c.name].lower ?? ' '}
                      variant="standard"
                      size="small"
                      sx={{ flex: '0 1 150px' }}
                    />
                    <TextField
                      label={`Upper bound of ${c.name}`}
                      value={draft.upper}
                      onChange={(event) => set({ upper: event.target.value })}
                      error={Boolean(bounds[c.name].upper)}
                      helperText={bounds[c.name].upper ?? ' '}
                      variant="standard"
                      size="small"
                      sx={{ flex: '0 1 150px' }}
                    />
                  </>
                ) : null}
              </Box>
            );
          })}
        </Box>
        <RuleFields
          rule={rule}
          onChange={setRule}
          columns={dataset.columns.map((c) => ({
            name: c.name,
            role: c.role as ColumnRole,
            shared: all || roles[c.name].partnerRole === 'shared',
            partnerRole: roles[c.name].partnerRole,
          }))}
          problem={kProblem}
        />
        <Typography variant="subtitle1" component="h3">
          Differential privacy
        </Typography>
        <PrivacyFields draft={privacy} onChange={setPrivacy} problems={dpProblems} />
        <Box component="section" aria-label="What partners have spent">
          <Typography variant="subtitle2" component="h4">
            What partners have spent
          </Typography>
          {partners.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No partner has spent any of the budget yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {partners.map((p) => (
                <Typography component="li" variant="body2" key={p.userId}>
                  {p.name}: spent {fmt(p.spent)} of {fmt(p.spent + p.remaining)} epsilon,{' '}
                  {p.queriesRemaining === 0
                    ? 'no queries remaining'
                    : `${p.queriesRemaining} quer${p.queriesRemaining === 1 ? 'y' : 'ies'} remaining`}
                </Typography>
              ))}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary">
            Raising the budget gives every partner the difference; what they spent stays spent.
          </Typography>
        </Box>
        {roomSealedNotShared ? (
          <Alert severity="warning">
            Some columns you now withhold were shared when you uploaded them, so they are sealed with the room key: the
            server stops handing them to partners, but a partner who kept an earlier report still has them.
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={loading || invalid}>
          {loading ? 'Saving…' : 'Save the rule'}
        </Button>
      </DialogActions>
    </>
  );
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
