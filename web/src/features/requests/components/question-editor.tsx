import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useId, useState } from 'react';
import type { StarShape } from '../../../gql/types';
import { RATING_TEMPLATES } from '../rating-templates';
import { hasChoices, padChoices, STAR_SCALE, STAR_SHAPES, type DesignerQuestion, V2_TYPES } from '../request-form';
import { normaliseQuestion, QUESTION_TYPE_LABELS, validateQuestion, type QuestionErrors } from '../question-form';
import { AnswerSettings, NumberRange, OrderSettings, TextRows } from './question-settings';
// the logic editor loads with the first question opened, not with the wizard
const LogicEditor = lazy(async () => ({ default: (await import('./logic-editor')).LogicEditor }));

type Props = {
  // index -1: a new question (spec s.4)
  index: number;
  question: DesignerQuestion;
  // the survey's questions as they stand (logic refers to them by position)
  questions?: readonly DesignerQuestion[];
  onCancel: () => void;
  onSave: (index: number, question: DesignerQuestion) => void;
};

const SCALES = Array.from({ length: STAR_SCALE.max - STAR_SCALE.min + 1 }, (_, i) => STAR_SCALE.min + i);
const SHAPE_LABELS: Record<StarShape, string> = { star: 'Star', heart: 'Heart', thumb: 'Thumb' };

// The editor of one question: title, then choices (at least 3 rows; blank rows are dropped on
// save; a rating template fills them) or, for a star rating, the scale and shape.
export function QuestionEditor({ index, question, questions = [], onCancel, onSave }: Props) {
  const titleId = useId();
  // the wizard's breakpoint (spec s.9): below 600 px the editor takes the whole screen
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [draft, setDraft] = useState(question);
  const [errors, setErrors] = useState<QuestionErrors>({});
  const [tried, setTried] = useState(false);
  const [template, setTemplate] = useState('');

  const change = (next: DesignerQuestion) => {
    setDraft(next);
    if (tried) setErrors(validateQuestion(next));
  };
  const applyTemplate = (id: string) => {
    setTemplate(id);
    const chosen = RATING_TEMPLATES.find((t) => t.id === id);
    if (chosen) change({ ...draft, choices: padChoices(chosen.choices) });
  };
  const save = () => {
    setTried(true);
    const found = validateQuestion(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(index, normaliseQuestion(draft));
  };

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>
        {index === -1 ? 'New question' : `Edit question ${index + 1}`}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {QUESTION_TYPE_LABELS[draft.type]}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          aria-labelledby={titleId}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextField
            label="Question"
            value={draft.title}
            onChange={(event) => change({ ...draft, title: event.target.value })}
            required
            autoFocus
            fullWidth
            variant="standard"
            margin="dense"
            error={Boolean(errors.title)}
            helperText={errors.title ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {draft.type === 'stars' ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3 }}>
              <TextField
                label="Scale"
                select
                value={draft.scale}
                onChange={(event) => change({ ...draft, scale: Number(event.target.value) })}
                variant="standard"
                margin="dense"
                error={Boolean(errors.scale)}
                helperText={errors.scale ?? `${STAR_SCALE.min} to ${STAR_SCALE.max} points`}
              >
                {SCALES.map((scale) => (
                  <MenuItem key={scale} value={scale}>
                    {scale}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Shape"
                select
                value={draft.shape}
                onChange={(event) => change({ ...draft, shape: event.target.value as StarShape })}
                variant="standard"
                margin="dense"
                helperText=" "
              >
                {STAR_SHAPES.map((shape) => (
                  <MenuItem key={shape} value={shape}>
                    {SHAPE_LABELS[shape]}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          ) : (
            <>
              {draft.type === 'number' ? <NumberRange draft={draft} errors={errors} change={change} /> : null}
              {draft.type === 'matrix' ? (
                <TextRows
                  legend="Rows"
                  item="Row"
                  values={draft.rows}
                  error={errors.rows}
                  onChange={(rows) => change({ ...draft, rows })}
                />
              ) : null}
              {hasChoices(draft.type) ? (
                <TextRows
                  legend={draft.type === 'matrix' ? 'Columns (the shared scale)' : 'Choices'}
                  item={draft.type === 'matrix' ? 'Column' : 'Choice'}
                  values={draft.choices}
                  error={errors.choices}
                  onChange={(choices) => change({ ...draft, choices })}
                >
                  <TextField
                    label="Fill from a rating template"
                    select
                    value={template}
                    onChange={(event) => applyTemplate(event.target.value)}
                    variant="standard"
                    margin="dense"
                    fullWidth
                    helperText="Replaces the choices below; edit them afterwards if you like."
                  >
                    {RATING_TEMPLATES.map((t) => (
                      <MenuItem key={t.id} value={t.id}>
                        {t.label}
                      </MenuItem>
                    ))}
                  </TextField>
                </TextRows>
              ) : null}
              {V2_TYPES.includes(draft.type) ? <AnswerSettings draft={draft} change={change} /> : null}
            </>
          )}
          <OrderSettings draft={draft} change={change} />
          <Suspense fallback={null}>
            <LogicEditor
              index={index}
              questions={questions}
              logic={draft.logic}
              onChange={(logic) => change({ ...draft, logic })}
            />
          </Suspense>
          {/* Enter in a field saves, like the Save button */}
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save question
        </Button>
      </DialogActions>
    </Dialog>
  );
}
