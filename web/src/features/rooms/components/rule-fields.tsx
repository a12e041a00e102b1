import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  MIN_GROUP_SIZE,
  PARTNER_ACCESS_OPTIONS,
  partnerLearns,
  type PartnerAccess,
  type RuleColumn,
} from '../analysis-rule';

export type RuleDraft = { partnerAccess: PartnerAccess; minGroupSize: string };

type Props = {
  rule: RuleDraft;
  onChange: (rule: RuleDraft) => void;
  columns: readonly RuleColumn[];
  // the k field's problem (minGroupSizeProblem), once shown
  problem: string | null;
};

// The analysis rule of a data set: what partners may do with it, the minimum group size k, and
// what that means in plain words for the columns as they are set up now.
export function RuleFields({ rule, onChange, columns, problem }: Props) {
  const k = Number(rule.minGroupSize);
  const learns = partnerLearns(
    rule.partnerAccess,
    Number.isSafeInteger(k) && k >= MIN_GROUP_SIZE.min ? k : MIN_GROUP_SIZE.default,
    columns,
  );
  const helpId = useId();
  const option = PARTNER_ACCESS_OPTIONS.find((o) => o.value === rule.partnerAccess);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          label="What partners may do"
          value={rule.partnerAccess}
          onChange={(event) => onChange({ ...rule, partnerAccess: event.target.value as PartnerAccess })}
          helperText={option?.help}
          variant="standard"
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
        >
          {PARTNER_ACCESS_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Minimum group size (k)"
          value={rule.minGroupSize}
          onChange={(event) => onChange({ ...rule, minGroupSize: event.target.value })}
          error={Boolean(problem)}
          helperText={problem ?? 'Smaller counts are never shown to partners'}
          variant="standard"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '0 1 200px' }}
        />
      </Box>
      <Alert severity="info" icon={false} aria-labelledby={helpId}>
        <Typography id={helpId} variant="subtitle2" component="h4">
          What your partners will learn from this data set
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {learns.will.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
        <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
          What they will not learn
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {learns.wont.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      </Alert>
    </Box>
  );
}
