import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState, type ChangeEvent } from 'react';
import { downloadTextFile } from '../../../shared/ui/download-text-file';
import type { DesignerQuestion } from '../request-form';
import { movedBy } from '../question-form';
import { blocksOf } from '../../../../../shared/survey-order';
import { parseSurveyFile, SURVEY_JSON_LIMITS, SurveyJsonError, surveyToJson } from '../survey-json';

const MAX_FILE_BYTES = 1_000_000;

type FileLanguages = { language: string; added: string[] };
type Props = {
  questions: DesignerQuestion[];
  // the survey's own language and those added (exported with the questions' translations)
  languages?: FileLanguages;
  onImport: (questions: DesignerQuestion[], languages?: FileLanguages) => void;
  locked: boolean;
};

// The designer's JSON export and import (docs/survey-json.md). Imported questions are added after
// the ones already there, so nothing typed is lost; an invalid file changes nothing.
export function SurveyJsonActions({ questions, languages, onImport, locked }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after a fix
    if (!file) return;
    try {
      if (file.size > MAX_FILE_BYTES)
        throw new SurveyJsonError('The file is larger than 1 MB: it is not a survey file.');
      const content = parseSurveyFile(await file.text());
      const imported = content.questions;
      const own = languages?.language ?? 'en';
      if (questions.length > 0 && content.language !== own) {
        throw new SurveyJsonError(`Its questions are written in ${content.language}, this survey's in ${own}.`);
      }
      if (questions.length + imported.length > SURVEY_JSON_LIMITS.questions) {
        throw new SurveyJsonError(
          `A survey has at most ${SURVEY_JSON_LIMITS.questions} questions: this one has ${questions.length} and the file ${imported.length}.`,
        );
      }
      const moved = movedBy(imported, questions.length);
      // the file's questions before its first block keep their order: they do not join a shuffled
      // block the survey ends with
      if (questions.length && !moved[0].block && blocksOf(questions).at(-1)?.shuffle) {
        moved[0] = { ...moved[0], block: { shuffle: false } };
      }
      onImport([...questions, ...moved], {
        language: content.language,
        added: [...new Set([...(languages?.added ?? []), ...content.languages])],
      });
      const n = imported.length;
      setMessage({ severity: 'success', text: `Imported ${n} question${n === 1 ? '' : 's'} from ${file.name}.` });
    } catch (error) {
      const text = error instanceof SurveyJsonError ? error.message : 'The file could not be read.';
      setMessage({ severity: 'error', text: `${file.name} was not imported. ${text}` });
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={questions.length === 0}
          onClick={() =>
            downloadTextFile('survey questions.json', surveyToJson(questions, undefined, languages), 'application/json')
          }
        >
          Export JSON
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileUploadOutlined />}
          disabled={locked}
          onClick={() => input.current?.click()}
        >
          Import JSON
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="Survey JSON file"
          onChange={(event) => void read(event)}
        />
      </Box>
      {message ? (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setMessage(null)}
          sx={{ width: '100%' }}
        >
          {message.text}
        </Alert>
      ) : null}
    </>
  );
}
