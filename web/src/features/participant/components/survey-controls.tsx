import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PhoneQuestion } from '../api/phone-api';
import { useT } from '../i18n/i18n';

// a choice's or row's text in the survey's served language (the value stays the default text)
const shown = (q: Q, value: string, list: 'choices' | 'rows' = 'choices') =>
  q.localized?.[list][(list === 'rows' ? (q.rows ?? []) : q.options).indexOf(value)] || value;

// The participant app's controls for the survey format 2 types. Text, number and date answers are
// kept as typed (strings) until they are sealed for the request key at submit.

type Q = Extract<PhoneQuestion, { required: boolean }>;

/** Short or long text, a number (with its unit) or a date: one field labelled by the question. */
export function PersonalField({
  q,
  label,
  value,
  problem,
  onChange,
}: {
  q: Q;
  label: string;
  value: string;
  problem?: string;
  onChange: (v: string) => void;
}) {
  const t = useT();
  const range =
    q.type === 'number' && (q.min != null || q.max != null)
      ? q.min != null && q.max != null
        ? t('{{min}} to {{max}}', { min: q.min, max: q.max })
        : q.min != null
          ? t('at least {{min}}', { min: q.min })
          : t('at most {{max}}', { max: q.max ?? '' })
      : null;
  const unit = q.localized?.unit ?? q.unit;
  const hint = [q.required ? null : t('Optional'), range, t('Only the requester can read this answer.')]
    .filter(Boolean)
    .join(' · ');
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(problem)}
      helperText={problem ?? hint}
      fullWidth
      multiline={q.type === 'long_text'}
      minRows={q.type === 'long_text' ? 3 : undefined}
      type={q.type === 'date' ? 'date' : 'text'}
      slotProps={{
        inputLabel: q.type === 'date' ? { shrink: true } : undefined,
        htmlInput: {
          maxLength: q.type === 'long_text' ? 5000 : 500,
          inputMode: q.type === 'number' ? 'decimal' : undefined,
        },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

/** Net Promoter Score: 0 to 10 in one row of buttons. */
export function NpsField({
  labelId,
  value,
  onChange,
}: {
  labelId: string;
  value: number | null;
  onChange: (v: number) => void;
}) {
  const t = useT();
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        aria-labelledby={labelId}
        value={value}
        onChange={(_, v: number | null) => v !== null && onChange(v)}
        sx={{ display: 'flex', flexWrap: 'wrap', '& .MuiToggleButton-root': { flex: '1 0 28px', px: 0, minWidth: 28 } }}
        size="small"
      >
        {Array.from({ length: 11 }, (_, n) => (
          <ToggleButton key={n} value={n} aria-label={String(n)}>
            {n}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('Not at all likely')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('Extremely likely')}
        </Typography>
      </Box>
    </Box>
  );
}

/** A matrix: each row answered with one column of the shared scale. */
export function MatrixField({
  q,
  value,
  onChange,
}: {
  q: Q;
  value: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {(q.rows ?? []).map((row, r) => (
        <Box key={row} role="group" aria-labelledby={`q-${q.id}-row-${r}`}>
          <Typography id={`q-${q.id}-row-${r}`} variant="body2" sx={{ fontWeight: 500 }}>
            {shown(q, row, 'rows')}
          </Typography>
          <RadioGroup row value={value[row] ?? ''} onChange={(e) => onChange({ ...value, [row]: e.target.value })}>
            {q.options.map((column) => (
              <FormControlLabel key={column} value={column} control={<Radio size="small" />} label={shown(q, column)} />
            ))}
          </RadioGroup>
        </Box>
      ))}
    </Box>
  );
}

/** A ranking: the choices in the participant's order, moved with up and down buttons. */
export function RankingField({
  q,
  value,
  onChange,
}: {
  q: Q;
  value: string[] | null;
  onChange: (v: string[]) => void;
}) {
  const t = useT();
  const order = value ?? q.options;
  const move = (at: number, by: number) => {
    const next = [...order];
    [next[at], next[at + by]] = [next[at + by], next[at]];
    onChange(next);
  };
  return (
    <Box>
      <Box component="ol" sx={{ pl: 0, m: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {order.map((choice, at) => (
          <Box
            component="li"
            key={choice}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              px: 1,
            }}
          >
            <Typography sx={{ width: 24, fontWeight: 500 }}>{at + 1}.</Typography>
            <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }}>{shown(q, choice)}</Typography>
            <IconButton
              aria-label={t('Move {{choice}} up', { choice: shown(q, choice) })}
              disabled={at === 0}
              onClick={() => move(at, -1)}
              size="small"
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={t('Move {{choice}} down', { choice: shown(q, choice) })}
              disabled={at === order.length - 1}
              onClick={() => move(at, 1)}
              size="small"
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      {value === null ? (
        <Button size="small" onClick={() => onChange(order)} sx={{ mt: 0.5 }}>
          {t('Keep this order')}
        </Button>
      ) : null}
    </Box>
  );
}
