import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import {
  ColumnKeysToSealDocument,
  UpdateDatasetRuleDocument,
  type DatasetList_DatasetFragment,
} from '../datasets.generated';
import { RoomAuditDocument } from '../access.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { minGroupSizeProblem, type PartnerAccess } from '../analysis-rule';
import { RuleFields, type RuleDraft } from './rule-fields';

type Props = { roomId: string; dataset: DatasetList_DatasetFragment | null; onClose: () => void };

// The uploader changes a data set's rule: partner access, k and the shared columns. Later queries
// follow it; the change goes to the audit log. A column sealed with the set's secret that becomes
// shared opens for partners once this browser has sealed its key to them (it does so by itself).
export function RuleDialog({ roomId, dataset, onClose }: Props) {
  return (
    <Dialog open={dataset !== null} onClose={onClose} aria-labelledby="rule-dialog-title" fullWidth maxWidth="md">
      {dataset ? <RuleForm key={dataset.id} roomId={roomId} dataset={dataset} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RuleForm({ roomId, dataset, onClose }: Props & { dataset: DatasetList_DatasetFragment }) {
  const [save, { loading }] = useMutation(UpdateDatasetRuleDocument, {
    refetchQueries: [ColumnKeysToSealDocument, RoomAuditDocument],
  });
  const [rule, setRule] = useState<RuleDraft>({
    partnerAccess: dataset.partnerAccess as PartnerAccess,
    minGroupSize: String(dataset.minGroupSize),
  });
  const [shared, setShared] = useState<string[]>(() => dataset.columns.filter((c) => c.shared).map((c) => c.name));
  const [error, setError] = useState<string | null>(null);
  const kProblem = minGroupSizeProblem(rule.minGroupSize);
  const all = rule.partnerAccess === 'full';
  const roomSealedNotShared = dataset.columns.some((c) => c.sealing === 'room' && !shared.includes(c.name) && !all);

  const submit = async () => {
    if (kProblem) return;
    try {
      await save({
        variables: {
          input: {
            roomId,
            datasetId: dataset.id,
            partnerAccess: rule.partnerAccess,
            minGroupSize: Number(rule.minGroupSize),
            sharedColumns: shared,
          },
        },
      });
      onClose();
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  };

  return (
    <>
      <DialogTitle id="rule-dialog-title" sx={{ overflowWrap: 'break-word' }}>
        Analysis rule of {dataset.name}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <FormGroup aria-labelledby="rule-shared-columns">
          <FormLabel id="rule-shared-columns">Columns shared with partners</FormLabel>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {dataset.columns.map((c) => (
              <FormControlLabel
                key={c.name}
                control={
                  <Switch
                    checked={all || shared.includes(c.name)}
                    disabled={all}
                    onChange={(event) =>
                      setShared((current) =>
                        event.target.checked ? [...current, c.name] : current.filter((x) => x !== c.name),
                      )
                    }
                  />
                }
                label={c.name}
              />
            ))}
          </Box>
        </FormGroup>
        <RuleFields
          rule={rule}
          onChange={setRule}
          columns={dataset.columns.map((c) => ({
            name: c.name,
            role: c.role as 'clear' | 'join' | 'sealed',
            shared: all || shared.includes(c.name),
          }))}
          problem={kProblem}
        />
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
        <Button variant="contained" onClick={() => void submit()} disabled={loading || Boolean(kProblem)}>
          {loading ? 'Saving…' : 'Save the rule'}
        </Button>
      </DialogActions>
    </>
  );
}
