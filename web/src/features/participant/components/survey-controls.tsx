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
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
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

// A native radio spread invisibly over its box (as MUI's own radios are): it takes the click and
// the focus; the box draws the choice and the focus ring.
const OVER_BOX = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
} as const;

// Hidden from sight, not from assistive technology (MUI's visuallyHidden).
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Net Promoter Score: 0 to 10 in one row. Native radios sharing a name, drawn as boxes: the ARIA
 * radio group pattern (one Tab stop, the arrows move and choose) comes from the browser.
 */
export function NpsField({
  name,
  labelId,
  describedBy,
  value,
  onChange,
}: {
  name: string;
  labelId: string;
  describedBy?: string;
  value: number | null;
  onChange: (v: number) => void;
}) {
  const t = useT();
  return (
    <Box>
      <Box
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        sx={{
          display: 'grid',
          gap: 0.25,
          // one row of eleven; on the narrowest phones two even rows (0-5, 6-10), not a lone 10
          gridTemplateColumns: 'repeat(11, minmax(0, 1fr))',
          '@media (max-width: 359px)': { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        {Array.from({ length: 11 }, (_, n) => (
          <Box
            component="label"
            key={n}
            sx={{
              minHeight: 36,
              position: 'relative',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              border: 1,
              borderColor: 'rgba(0,0,0,.42)',
              borderRadius: 1,
              cursor: 'pointer',
              fontWeight: 500,
              '&:hover': { bgcolor: 'action.hover' },
              '&:has(input:checked)': { bgcolor: 'primary.main', borderColor: 'primary.main', color: '#fff' },
              '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
            }}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              style={OVER_BOX}
            />
            {n}
          </Box>
        ))}
      </Box>
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

/**
 * A matrix: each row answered with one column of the shared scale. Each row is a radio group named
 * by the row (one Tab stop per row, the arrows move along the scale), as ARIA's pattern asks.
 */
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
        <Box key={row}>
          <Typography id={`q-${q.id}-row-${r}`} variant="body2" sx={{ fontWeight: 500 }}>
            {shown(q, row, 'rows')}
          </Typography>
          <RadioGroup
            row
            aria-labelledby={`q-${q.id}-row-${r}`}
            name={`q-${q.id}-row-${r}`}
            value={value[row] ?? ''}
            onChange={(e) => onChange({ ...value, [row]: e.target.value })}
          >
            {q.options.map((column) => (
              <FormControlLabel key={column} value={column} control={<Radio size="small" />} label={shown(q, column)} />
            ))}
          </RadioGroup>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A ranking: the choices in the participant's order, moved with up and down buttons. The focus
 * stays on the moved choice's button (on the other one at either end) and each move is announced,
 * so a keyboard or screen-reader user can follow the order.
 */
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
  const [said, setSaid] = useState('');
  // the button to focus once the new order is drawn, as "choice:up" or "choice:down"
  const refocus = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  useEffect(() => {
    if (refocus.current === null) return;
    buttons.current.get(refocus.current)?.focus();
    refocus.current = null;
  });
  const move = (at: number, by: number) => {
    const next = [...order];
    [next[at], next[at + by]] = [next[at + by], next[at]];
    const to = at + by;
    const onward = by < 0 ? to > 0 : to < next.length - 1;
    // the same direction while the choice can go on, the other button at either end
    const up = by < 0 ? onward : !onward;
    refocus.current = `${next[to]}:${up ? 'up' : 'down'}`;
    setSaid(
      t('{{choice}} moved to position {{position}} of {{total}}.', {
        choice: shown(q, next[to]),
        position: to + 1,
        total: next.length,
      }),
    );
    onChange(next);
  };
  const keep = () => {
    refocus.current = `${order[0]}:down`;
    const list = order.map((choice, at) => `${at + 1}. ${shown(q, choice)}`).join(', ');
    setSaid(t('Order kept: {{order}}.', { order: list }));
    onChange(order);
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
              ref={(el) => void buttons.current.set(`${choice}:up`, el)}
              aria-label={t('Move {{choice}} up', { choice: shown(q, choice) })}
              disabled={at === 0}
              onClick={() => move(at, -1)}
              size="small"
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              ref={(el) => void buttons.current.set(`${choice}:down`, el)}
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
      <Box role="status" sx={HIDDEN}>
        {said}
      </Box>
      {value === null ? (
        <Button size="small" onClick={keep} sx={{ mt: 0.5 }}>
          {t('Keep this order')}
        </Button>
      ) : null}
    </Box>
  );
}
