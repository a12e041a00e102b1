import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { budgetInWords, PRIVACY_BUDGET, QUERY_COST } from '../privacy';

/** Differential privacy settings as typed: the budget and cost are epsilon, as text. */
export type PrivacyDraft = { enabled: boolean; budget: string; queryCost: string };

export const defaultPrivacy = (partnerAccess: string): PrivacyDraft => ({
  enabled: partnerAccess !== 'full',
  budget: String(PRIVACY_BUDGET.default),
  queryCost: String(QUERY_COST.default),
});

const inRange = (text: string, range: { min: number; max: number }) =>
  text.trim() !== '' && Number.isFinite(Number(text)) && Number(text) >= range.min && Number(text) <= range.max;

// half the width of a lone count's 95% interval under discrete Laplace noise of epsilon `cost`:
// P(|noise| >= t) is about e^(-cost * t), so t = ln(20) / cost
const countNoise = (cost: number) => Math.max(1, Math.round(Math.log(20) / cost));

/** The budget and cost fields' problems, once shown; empty when both are in range. */
export function privacyProblems(draft: PrivacyDraft): { budget?: string; queryCost?: string } {
  if (!draft.enabled) return {};
  const out: { budget?: string; queryCost?: string } = {};
  if (!inRange(draft.budget, PRIVACY_BUDGET))
    out.budget = `A number from ${PRIVACY_BUDGET.min} to ${PRIVACY_BUDGET.max}`;
  if (!inRange(draft.queryCost, QUERY_COST)) out.queryCost = `A number from ${QUERY_COST.min} to ${QUERY_COST.max}`;
  return out;
}

type Props = {
  draft: PrivacyDraft;
  onChange: (draft: PrivacyDraft) => void;
  problems: { budget?: string; queryCost?: string };
};

// The differential privacy switch and budget of a data set, with what the budget means in plain
// words: how many counts a partner can run before it is spent.
export function PrivacyFields({ draft, onChange, problems }: Props) {
  const budget = Number(draft.budget);
  const cost = Number(draft.queryCost);
  const valid = !problems.budget && !problems.queryCost;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormControlLabel
        control={
          <Switch checked={draft.enabled} onChange={(event) => onChange({ ...draft, enabled: event.target.checked })} />
        }
        label="Add noise to what partners receive (differential privacy)"
      />
      {draft.enabled ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField
              label="Privacy budget per partner (epsilon)"
              value={draft.budget}
              onChange={(event) => onChange({ ...draft, budget: event.target.value })}
              error={Boolean(problems.budget)}
              helperText={problems.budget ?? 'Smaller: more noise, fewer answers'}
              variant="standard"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: '1 1 220px', maxWidth: 300 }}
            />
            <TextField
              label="Cost of one answer (epsilon)"
              value={draft.queryCost}
              onChange={(event) => onChange({ ...draft, queryCost: event.target.value })}
              error={Boolean(problems.queryCost)}
              helperText={problems.queryCost ?? 'Smaller: noisier answers, more of them'}
              variant="standard"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: '1 1 220px', maxWidth: 300 }}
            />
          </Box>
          <Typography variant="body2" role="note" aria-label="Privacy budget in words">
            {valid
              ? `${budgetInWords(budget, cost)} Each count, sum or average they get carries noise: a count alone is off by up to about ${countNoise(
                  cost,
                )} either way, 19 times in 20; an answer with several values shares the cost and each is noisier. Every answer shows its range.`
              : 'Enter a budget and a cost to see how many counts your partner can run.'}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Without noise, partners get exact counts; the minimum group size and the checks against near-identical answers
          still apply.
        </Typography>
      )}
    </Box>
  );
}
