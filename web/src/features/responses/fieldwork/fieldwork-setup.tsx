import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { SetFieldworkDocument, type FieldworkPanel_FieldworkFragment } from './fieldwork.generated';

/** A closed question of the survey, with its options (from the survey's statistics). */
export type ClosedQuestion = { questionId: string; title: string; options: string[] };
type Picked = { questionId: string; options: string[] };
type QuotaRow = Picked & { name: string; size: number; action: 'screen_out' | 'close_request' };

const toggle = (list: string[], o: string) => (list.includes(o) ? list.filter((x) => x !== o) : [...list, o]);

/** A question and the options picked on it, as chips one clicks. */
function QuestionPick({
  label,
  questions,
  value,
  onChange,
}: {
  label: string;
  questions: ClosedQuestion[];
  value: Picked;
  onChange: (v: Picked) => void;
}) {
  const q = questions.find((x) => x.questionId === value.questionId);
  return (
    <Box sx={{ display: 'grid', gap: 1, flex: 1, minWidth: 0 }}>
      <TextField
        select
        size="small"
        label={label}
        value={value.questionId}
        onChange={(e) => onChange({ questionId: e.target.value, options: [] })}
      >
        {questions.map((x) => (
          <MenuItem key={x.questionId} value={x.questionId}>
            {x.title}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label={`${label}: options`}>
        {q?.options.map((o) => (
          <Chip
            key={o}
            label={o}
            size="small"
            color={value.options.includes(o) ? 'primary' : 'default'}
            variant={value.options.includes(o) ? 'filled' : 'outlined'}
            aria-pressed={value.options.includes(o)}
            onClick={() => onChange({ ...value, options: toggle(value.options, o) })}
          />
        ))}
      </Box>
    </Box>
  );
}

function Section({
  title,
  hint,
  onAdd,
  children,
}: {
  title: string;
  hint: string;
  onAdd: () => void;
  children: React.ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, minWidth: 160 }}>
          {title}
        </Typography>
        <Button size="small" startIcon={<Add />} onClick={onAdd}>
          Add
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      {children}
    </Box>
  );
}

const Row = ({ onRemove, label, children }: { onRemove: () => void; label: string; children: React.ReactNode }) => (
  <Box
    sx={{
      display: 'flex',
      gap: 1,
      alignItems: 'flex-start',
      p: 1.5,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
    }}
  >
    <Box sx={{ display: 'flex', gap: 1.5, flex: 1, minWidth: 0, flexWrap: 'wrap' }}>{children}</Box>
    <IconButton aria-label={`Remove ${label}`} onClick={onRemove} size="small">
      <Delete fontSize="small" />
    </IconButton>
  </Box>
);

/**
 * The survey's screeners, quotas, attention checks and pay rules, set before its first answer
 * (the quotas count from zero). Options are named by their labels, as the wizard wrote them.
 */
export function FieldworkSetup({
  requestId,
  questions,
  current,
  onSaved,
}: {
  requestId: string;
  questions: ClosedQuestion[];
  current: FieldworkPanel_FieldworkFragment;
  onSaved: () => void;
}) {
  const [save, { loading }] = useMutation(SetFieldworkDocument);
  const first = questions[0]?.questionId ?? '';
  const [screeners, setScreeners] = useState<Picked[]>(
    current.screeners.map((s) => ({ questionId: s.questionId, options: s.qualifying })),
  );
  const [quotas, setQuotas] = useState<QuotaRow[]>(
    current.quotas.map((q) => ({ ...q, action: q.action === 'close_request' ? 'close_request' : 'screen_out' })),
  );
  const [checks, setChecks] = useState<Picked[]>(
    current.attentionChecks.map((c) => ({ questionId: c.questionId, options: c.expected })),
  );
  const [payScreenOut, setPayScreenOut] = useState(current.payScreenOut);
  const [minHourly, setMinHourly] = useState(String(current.minHourly));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async () => {
    setError(null);
    setSaved(false);
    try {
      await save({
        variables: {
          input: {
            requestId,
            payScreenOut,
            minHourly: Number(minHourly) || current.minHourly,
            screeners: screeners.map((s) => ({ questionId: s.questionId, qualifying: s.options })),
            quotas: quotas.map((q) => ({ ...q, size: Number(q.size) })),
            attentionChecks: checks.map((c) => ({ questionId: c.questionId, expected: c.options })),
          },
        },
      });
      setSaved(true);
      onSaved();
    } catch (e) {
      setError(toApiError(e).message);
    }
  };
  const set = <T,>(list: T[], i: number, v: T) => list.map((x, j) => (j === i ? v : x));

  if (!questions.length) {
    return <Alert severity="info">Screeners, quotas and attention checks need a closed question (a choice).</Alert>;
  }
  return (
    <Box
      component="form"
      aria-label="Fieldwork setup"
      sx={{ display: 'grid', gap: 3 }}
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <Section
        title="Screeners"
        hint="Only participants who pick a qualifying option go on; the others are thanked and take no paid place."
        onAdd={() => setScreeners([...screeners, { questionId: first, options: [] }])}
      >
        {screeners.map((s, i) => (
          <Row key={i} label={`screener ${i + 1}`} onRemove={() => setScreeners(screeners.filter((_, j) => j !== i))}>
            <QuestionPick
              label={`Screener ${i + 1}`}
              questions={questions}
              value={s}
              onChange={(v) => setScreeners(set(screeners, i, v))}
            />
          </Row>
        ))}
        <FormControlLabel
          control={<Checkbox checked={payScreenOut} onChange={(e) => setPayScreenOut(e.target.checked)} />}
          label={`Pay screened-out participants one bonus each (from up to ${Math.round(current.screenOutShare * 100)}% of the places)`}
        />
      </Section>
      <Section
        title="Quotas"
        hint="At most this many accepted answers choosing these options; when full, the next ones are screened out or the study closes."
        onAdd={() =>
          setQuotas([...quotas, { questionId: first, options: [], name: '', size: 50, action: 'screen_out' }])
        }
      >
        {quotas.map((q, i) => (
          <Row key={i} label={`quota ${i + 1}`} onRemove={() => setQuotas(quotas.filter((_, j) => j !== i))}>
            <TextField
              size="small"
              label="Quota name"
              value={q.name}
              sx={{ width: { xs: '100%', sm: 180 } }}
              onChange={(e) => setQuotas(set(quotas, i, { ...q, name: e.target.value }))}
            />
            <TextField
              size="small"
              label="Size"
              type="number"
              value={q.size}
              sx={{ width: 100 }}
              onChange={(e) => setQuotas(set(quotas, i, { ...q, size: Number(e.target.value) }))}
            />
            <TextField
              select
              size="small"
              label="When full"
              value={q.action}
              sx={{ width: 190 }}
              onChange={(e) => setQuotas(set(quotas, i, { ...q, action: e.target.value as QuotaRow['action'] }))}
            >
              <MenuItem value="screen_out">Screen out the next</MenuItem>
              <MenuItem value="close_request">Close the study</MenuItem>
            </TextField>
            <QuestionPick
              label={`Quota ${i + 1} question`}
              questions={questions}
              value={q}
              onChange={(v) => setQuotas(set(quotas, i, { ...q, ...v }))}
            />
          </Row>
        ))}
      </Section>
      <Section
        title="Attention checks"
        hint="A question that tells the reader what to pick. Participants are told up front that a rejection for attention needs two failed checks."
        onAdd={() => setChecks([...checks, { questionId: first, options: [] }])}
      >
        {checks.map((c, i) => (
          <Row key={i} label={`attention check ${i + 1}`} onRemove={() => setChecks(checks.filter((_, j) => j !== i))}>
            <QuestionPick
              label={`Attention check ${i + 1}`}
              questions={questions}
              value={c}
              onChange={(v) => setChecks(set(checks, i, v))}
            />
          </Row>
        ))}
      </Section>
      <TextField
        size="small"
        type="number"
        label="Minimum reward per hour (IPT)"
        helperText="Default 12 IPT an hour. When the median time shows the study pays less, you are offered a top-up."
        value={minHourly}
        sx={{ maxWidth: 360 }}
        onChange={(e) => setMinHourly(e.target.value)}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      {saved ? <Alert severity="success">Fieldwork saved.</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? 'Saving…' : 'Save fieldwork'}
        </Button>
      </Box>
    </Box>
  );
}
