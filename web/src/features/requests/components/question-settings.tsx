import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MIN_CHOICE_ROWS, padChoices, PERSONAL_TYPES, type DesignerQuestion } from '../request-form';
import { type QuestionErrors } from '../question-form';
import { SHUFFLE_OPTION_TYPES } from '../../../../../shared/survey-order';

// The editors of the survey format 2 settings: a list of rows (choices, matrix rows), the number
// range and unit, whether the question must be answered, and its order (blocks, shuffled choices).

type ListProps = {
  legend: string;
  // "Choice", "Row", "Column": each row's label is "<item> <n>"
  item: string;
  values: string[];
  error?: string;
  onChange: (values: string[]) => void;
  children?: React.ReactNode;
};

export function TextRows({ legend, item, values, error, onChange, children }: ListProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
      <Typography component="legend" variant="subtitle2">
        {legend}
      </Typography>
      {children}
      {values.map((value, at) => (
        <Box key={at} sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
          <TextField
            label={`${item} ${at + 1}`}
            value={value}
            onChange={(event) => onChange(values.map((v, i) => (i === at ? event.target.value : v)))}
            variant="standard"
            margin="dense"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <IconButton
            aria-label={`Remove ${item.toLowerCase()} ${at + 1}`}
            onClick={() => onChange(padChoices(values.filter((_, i) => i !== at)))}
            disabled={values.length <= MIN_CHOICE_ROWS && !value}
            size="small"
          >
            <Close fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() => onChange([...values, ''])}
        sx={{ mt: 1 }}
        disabled={values.length >= 50}
      >
        Add {item.toLowerCase()}
      </Button>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}

type SettingsProps = {
  draft: DesignerQuestion;
  errors: QuestionErrors;
  change: (next: DesignerQuestion) => void;
};

export function NumberRange({ draft, errors, change }: SettingsProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
      <TextField
        label="Smallest answer"
        value={draft.min}
        onChange={(event) => change({ ...draft, min: event.target.value })}
        variant="standard"
        margin="dense"
        error={Boolean(errors.range)}
        helperText="Blank: no limit"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label="Largest answer"
        value={draft.max}
        onChange={(event) => change({ ...draft, max: event.target.value })}
        variant="standard"
        margin="dense"
        error={Boolean(errors.range)}
        helperText={errors.range ?? 'Blank: no limit'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label="Unit"
        value={draft.unit}
        onChange={(event) => change({ ...draft, unit: event.target.value })}
        variant="standard"
        margin="dense"
        helperText="e.g. kg"
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
    </Box>
  );
}

/** The note and switch every newer type shows: whether it must be answered, and who reads it. */
/** Randomisation: a block starting at this question (its questions shuffled or not), and the
 * choices shown in a random order (closed questions whose choices have no order of their own). */
export function OrderSettings({ draft, change }: Omit<SettingsProps, 'errors'>) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, display: 'grid' }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Order
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(draft.block)}
            onChange={(event) => change({ ...draft, block: event.target.checked ? { shuffle: true } : null })}
          />
        }
        label="Start a block here (it runs to the next block)"
      />
      {draft.block ? (
        <FormControlLabel
          sx={{ ml: 4 }}
          control={
            <Switch
              checked={draft.block.shuffle}
              onChange={(event) => change({ ...draft, block: { shuffle: event.target.checked } })}
            />
          }
          label="Shuffle the questions of this block"
        />
      ) : null}
      {SHUFFLE_OPTION_TYPES.includes(draft.type) ? (
        <FormControlLabel
          control={
            <Switch
              checked={draft.shuffleOptions}
              onChange={(event) => change({ ...draft, shuffleOptions: event.target.checked })}
            />
          }
          label="Shuffle the choices"
        />
      ) : null}
      <Typography variant="caption" color="text.secondary">
        Each participant gets an order of their own, kept if they reload. Logic may not look at a question of the same
        shuffled block.
      </Typography>
    </Box>
  );
}

export function AnswerSettings({ draft, change }: Omit<SettingsProps, 'errors'>) {
  const personal = PERSONAL_TYPES.includes(draft.type);
  return (
    <Box sx={{ mt: 1 }}>
      {personal ? (
        <Typography variant="body2" color="text.secondary">
          Answers are personal: they are encrypted in the participant&apos;s browser to the request key, and only you
          can read them.
        </Typography>
      ) : null}
      {draft.type === 'nps' ? (
        <Typography variant="body2" color="text.secondary">
          Participants answer 0 (not at all likely) to 10 (extremely likely).
        </Typography>
      ) : null}
      <FormControlLabel
        control={
          <Switch checked={draft.required} onChange={(event) => change({ ...draft, required: event.target.checked })} />
        }
        label="Must be answered"
      />
    </Box>
  );
}
