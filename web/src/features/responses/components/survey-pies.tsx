import PieChart from '@mui/icons-material/PieChart';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@apollo/client/react';
import { SurveyResultsDocument } from '../responses.generated';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PIE_HEIGHT, QuestionPie } from './question-pie';
import { MatrixResult, NpsResult, RankingResult } from './survey-charts';

// the closed types drawn otherwise than as a pie; the personal ones are read below, decrypted
const RESULTS: Partial<Record<string, typeof QuestionPie>> = {
  nps: NpsResult,
  matrix: MatrixResult,
  ranking: RankingResult,
};
const PERSONAL = ['short_text', 'long_text', 'number', 'date'];

// One pie per question of a survey (spec "Request detail": result groups as pie charts).
export function SurveyPies({ requestId, responseCount }: { requestId: string; responseCount: number }) {
  const { data, error, refetch } = useQuery(SurveyResultsDocument, { variables: { requestId } });
  const groups = data?.surveyStatistics;
  return (
    <IconCard
      icon={PieChart}
      color="blue"
      title="Answers per question"
      subtitle={`${responseCount} response${responseCount === 1 ? '' : 's'} from the phone application`}
      id="survey-results"
    >
      {error && !groups ? (
        <LoadErrorAlert message="The survey results could not be loaded." onRetry={() => void refetch()} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {groups
            ? groups
                .filter((group) => !PERSONAL.includes(group.type))
                .map((group) => {
                  const Result = RESULTS[group.type] ?? QuestionPie;
                  return <Result key={group.questionId} group={group} />;
                })
            : [0, 1].map((i) => <Skeleton key={i} variant="rounded" height={PIE_HEIGHT + 80} />)}
        </Box>
      )}
    </IconCard>
  );
}
