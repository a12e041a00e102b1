import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONDITION_SOURCES,
  type Condition,
  type ConditionOp,
  type ConditionSet,
  type QuestionLogic,
} from '../../../../../shared/survey-logic';
import { type DesignerQuestion } from '../request-form';
import { logicOptions } from '../question-form';

// The logic of one question in the editor: "Show only if" conditions on earlier answers, and a
// skip after it to a later question or the end. Positions are 0-based; the screen counts from 1.

const OP_LABELS: Record<ConditionOp, string> = { equals: 'is', one_of: 'is one of', range: 'is between' };
const RATED = ['stars', 'nps'];

type Props = {
  index: number;
  questions: readonly DesignerQuestion[];
  logic: QuestionLogic | null;
  onChange: (logic: QuestionLogic | null) => void;
};

function ConditionRow({
  condition,
  sources,
  questions,
  onChange,
  onRemove,
  label,
}: {
  condition: Condition;
  sources: number[];
  questions: readonly DesignerQuestion[];
  onChange: (c: Condition) => void;
  onRemove: () => void;
  label: string;
}) {
  const source = questions[condition.question];
  const options = source ? logicOptions(source) : [];
  const ops: ConditionOp[] =
    source && RATED.includes(source.type) ? ['equals', 'one_of', 'range'] : ['equals', 'one_of'];
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end' }}>
      <TextField
        select
        label="Question"
        value={sources.includes(condition.question) ? condition.question : ''}
        onChange={(e) => onChange({ question: Number(e.target.value), op: 'equals', values: [] })}
        variant="standard"
        sx={{ minWidth: 140, flex: '1 1 140px' }}
      >
        {sources.map((i) => (
          <MenuItem key={i} value={i}>
            {i + 1}. {questions[i].title.slice(0, 40)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Answer"
        value={condition.op}
        onChange={(e) => onChange({ question: condition.question, op: e.target.value as ConditionOp, values: [] })}
        variant="standard"
        sx={{ minWidth: 100 }}
      >
        {ops.map((op) => (
          <MenuItem key={op} value={op}>
            {OP_LABELS[op]}
          </MenuItem>
        ))}
      </TextField>
      {condition.op === 'range' ? (
        <>
          <TextField
            label="From"
            type="number"
            value={condition.min ?? ''}
            onChange={(e) =>
              onChange({ ...condition, min: e.target.value === '' ? undefined : Number(e.target.value) })
            }
            variant="standard"
            sx={{ width: 70 }}
          />
          <TextField
            label="To"
            type="number"
            value={condition.max ?? ''}
            onChange={(e) =>
              onChange({ ...condition, max: e.target.value === '' ? undefined : Number(e.target.value) })
            }
            variant="standard"
            sx={{ width: 70 }}
          />
        </>
      ) : (
        <TextField
          select
          label="Value"
          value={condition.op === 'equals' ? (condition.values?.[0] ?? '') : (condition.values ?? [])}
          onChange={(e) => {
            const v = e.target.value as string | string[];
            onChange({ ...condition, values: Array.isArray(v) ? v : [v] });
          }}
          slotProps={{ select: { multiple: condition.op === 'one_of' } }}
          variant="standard"
          sx={{ minWidth: 120, flex: '1 1 120px' }}
        >
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      )}
      <IconButton aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove} size="small">
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}

function ConditionsEditor({
  legend,
  set,
  sources,
  questions,
  onChange,
}: {
  legend: string;
  set: ConditionSet;
  sources: number[];
  questions: readonly DesignerQuestion[];
  onChange: (set: ConditionSet) => void;
}) {
  const update = (at: number, c: Condition) =>
    onChange({ ...set, conditions: set.conditions.map((x, i) => (i === at ? c : x)) });
  return (
    <Box sx={{ display: 'grid', gap: 1, pl: 1, borderLeft: 2, borderColor: 'divider' }}>
      {set.conditions.length > 1 ? (
        <TextField
          select
          label={`${legend}: when`}
          value={set.match}
          onChange={(e) => onChange({ ...set, match: e.target.value as 'all' | 'any' })}
          variant="standard"
          sx={{ maxWidth: 220 }}
        >
          <MenuItem value="all">all of these hold</MenuItem>
          <MenuItem value="any">any of these holds</MenuItem>
        </TextField>
      ) : null}
      {set.conditions.map((c, i) => (
        <ConditionRow
          key={i}
          label={`${legend} condition ${i + 1}`}
          condition={c}
          sources={sources}
          questions={questions}
          onChange={(next) => update(i, next)}
          onRemove={() => onChange({ ...set, conditions: set.conditions.filter((_, j) => j !== i) })}
        />
      ))}
      <Button
        size="small"
        startIcon={<Add />}
        sx={{ justifySelf: 'start' }}
        disabled={sources.length === 0 || set.conditions.length >= 10}
        onClick={() =>
          onChange({
            ...set,
            conditions: [...set.conditions, { question: sources[sources.length - 1], op: 'equals', values: [] }],
          })
        }
      >
        Add condition
      </Button>
    </Box>
  );
}

export function LogicEditor({ index, questions, logic, onChange }: Props) {
  const at = index === -1 ? questions.length : index;
  // a display condition looks at earlier closed questions; a skip also at this one's answer
  const earlier = questions.map((q, i) => i).filter((i) => i < at && CONDITION_SOURCES.includes(questions[i].type));
  const skipSources =
    index === -1 ? earlier : [...earlier, ...(CONDITION_SOURCES.includes(questions[index].type) ? [index] : [])];
  const targets = questions.map((_, i) => i).filter((i) => i > at + 1);
  const empty: ConditionSet = { match: 'all', conditions: [] };
  const set = (next: QuestionLogic) => onChange(next.showIf || next.skip ? next : null);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2">
        Logic
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(logic?.showIf)}
            disabled={earlier.length === 0}
            onChange={(e) => set({ skip: logic?.skip ?? null, showIf: e.target.checked ? empty : null })}
          />
        }
        label={earlier.length === 0 ? 'Show only if… (needs an earlier choice question)' : 'Show only if…'}
      />
      {logic?.showIf ? (
        <ConditionsEditor
          legend="Show"
          set={logic.showIf}
          sources={earlier}
          questions={questions}
          onChange={(showIf) => set({ ...logic, showIf })}
        />
      ) : null}
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(logic?.skip)}
            disabled={skipSources.length === 0}
            onChange={(e) =>
              set({ showIf: logic?.showIf ?? null, skip: e.target.checked ? { when: empty, to: 'end' } : null })
            }
          />
        }
        label="After this question, skip…"
      />
      {logic?.skip ? (
        <>
          <TextField
            select
            label="Skip to"
            value={String(logic.skip.to)}
            onChange={(e) =>
              set({ ...logic, skip: { ...logic.skip!, to: e.target.value === 'end' ? 'end' : Number(e.target.value) } })
            }
            variant="standard"
            sx={{ maxWidth: 320 }}
          >
            {targets.map((i) => (
              <MenuItem key={i} value={String(i)}>
                Question {i + 1}
              </MenuItem>
            ))}
            <MenuItem value="end">The end of the survey</MenuItem>
          </TextField>
          <ConditionsEditor
            legend="Skip"
            set={logic.skip.when}
            sources={skipSources}
            questions={questions}
            onChange={(when) => set({ ...logic, skip: { ...logic.skip!, when } })}
          />
        </>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        Put an earlier answer into the title with {'{{q1}}'} (the answer to question 1).
      </Typography>
    </Box>
  );
}
