import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { QuestionKind } from '../../../gql/types';
import { ConfirmDeleteDialog } from '../../../shared/ui/confirm-delete-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { newQuestion, V1_TYPES, V2_TYPES, type DesignerQuestion } from '../request-form';
import { describeQuestion, QUESTION_TYPE_LABELS, surveyLogicProblems, withoutQuestion } from '../question-form';
import { QuestionEditor } from './question-editor';
import { SurveyJsonActions } from './survey-json-actions';
import { LanguagesPanel, type SurveyLanguages } from './languages-panel';
import { Hint } from '../../../shared/ui/hint';

type Props = {
  questions: DesignerQuestion[];
  onChange: (questions: DesignerQuestion[]) => void;
  // the step was checked and has no question
  invalid: boolean;
  // responses arrived: the questions cannot change any more
  locked: boolean;
  // the survey's languages and the texts they translate (issue 30); absent: no languages panel
  survey?: SurveyLanguages;
  onSurvey?: (
    changes: Partial<Pick<SurveyLanguages, 'language' | 'translations'>> & { questions?: DesignerQuestion[] },
  ) => void;
};

const TYPES: QuestionKind[] = [...V1_TYPES, ...V2_TYPES];

const describe = describeQuestion;

// Step 2 of the survey wizard: the questions, each opened for editing with a click.
export function SurveyDesigner({ questions, onChange, invalid, locked, survey, onSurvey }: Props) {
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<{ index: number; question: DesignerQuestion } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  // a deleted or moved question can leave logic pointing nowhere: say so before Next
  const problems = surveyLogicProblems(questions);

  const save = (index: number, question: DesignerQuestion) => {
    onChange(index === -1 ? [...questions, question] : questions.map((q, i) => (i === index ? question : q)));
    setEditing(null);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Button
          variant="contained"
          startIcon={<Add />}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={menuAnchor ? true : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          disabled={locked}
        >
          New Question
        </Button>
        <SurveyJsonActions
          questions={questions}
          languages={survey ? { language: survey.language, added: Object.keys(survey.translations) } : undefined}
          onImport={(next, languages) => {
            if (!survey || !onSurvey || !languages) return onChange(next);
            // the file's languages join the survey's (their titles and descriptions still to translate)
            const translations = { ...survey.translations };
            for (const code of languages.added) translations[code] ??= { title: '', description: '' };
            onSurvey({ questions: next, language: languages.language, translations });
          }}
          locked={locked}
        />
        {locked ? (
          <Alert severity="info" sx={{ flex: 1 }}>
            Responses arrived: the questions cannot change any more. Their translations still can (Languages, below).
          </Alert>
        ) : null}
      </Box>
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={() => setMenuAnchor(null)}
        slotProps={{
          list: {
            'aria-label': 'Select Type',
            subheader: <ListSubheader role="presentation">Select Type</ListSubheader>,
          },
        }}
      >
        {TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setMenuAnchor(null);
              setEditing({ index: -1, question: newQuestion(type) });
            }}
          >
            {QUESTION_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </Menu>
      {questions.length === 0 ? (
        <Box sx={{ border: 1, borderColor: invalid ? 'error.main' : 'divider', borderRadius: 1, mt: 1 }}>
          <EmptyState icon={QuizOutlined} title="No questions yet">
            Add at least one with New Question.
          </EmptyState>
          {invalid ? (
            <Alert severity="error" sx={{ m: 1 }}>
              A survey needs at least one question.
            </Alert>
          ) : null}
        </Box>
      ) : (
        <List aria-label="Questions" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 1, py: 0 }}>
          {questions.map((question, index) => (
            <ListItem
              key={index}
              divider={index < questions.length - 1}
              disablePadding
              secondaryAction={
                <Hint title="Delete question">
                  <span>
                    <IconButton
                      edge="end"
                      aria-label={`Delete question ${index + 1}`}
                      onClick={() => setDeleting(index)}
                      disabled={locked}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </span>
                </Hint>
              }
            >
              <ListItemButton onClick={() => setEditing({ index, question })} disabled={locked}>
                <ListItemText
                  primary={`${index + 1}. ${question.title}`}
                  secondary={describe(question)}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {problems.length ? (
        <Alert severity="error" sx={{ mt: 1 }} aria-label="Logic problems">
          {problems.map((p) => (
            <div key={p.message}>{p.message}</div>
          ))}
        </Alert>
      ) : null}
      {survey && onSurvey ? (
        <LanguagesPanel survey={survey} questions={questions} onChange={onSurvey} locked={locked} />
      ) : null}
      {editing ? (
        <QuestionEditor
          index={editing.index}
          question={editing.question}
          questions={questions}
          onCancel={() => setEditing(null)}
          onSave={save}
        />
      ) : null}
      <ConfirmDeleteDialog
        subject={deleting !== null ? (questions[deleting]?.title ?? '') : null}
        message={deleting !== null ? `Question ${deleting + 1} will be removed from the survey.` : undefined}
        deleting={false}
        error={null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) onChange(withoutQuestion(questions, deleting));
          setDeleting(null);
        }}
      />
    </Box>
  );
}
