import BarChart from '@mui/icons-material/BarChart';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { SurveyResultsDocument } from '../responses.generated';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { readableTitle } from '../../../../../shared/survey-pipes';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

// The survey report (spec: per-question option counts): a table per question, every option in order.
export function SurveyCounts({ requestId }: { requestId: string }) {
  const { data, error, refetch } = useQuery(SurveyResultsDocument, { variables: { requestId } });
  const groups = data?.surveyStatistics;
  return (
    <IconCard
      icon={BarChart}
      color="blue"
      title="Option counts"
      subtitle="Per question, every option"
      id="option-counts"
    >
      {error && !groups ? (
        <LoadErrorAlert message="The survey results could not be loaded." onRetry={() => void refetch()} />
      ) : !groups ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        groups.map((group, index) => {
          const total = group.data.reduce((sum, entry) => sum + entry.counter, 0);
          return (
            <Box key={group.questionId} component="section" sx={{ mt: index === 0 ? 0 : 3 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
                {index + 1}. {readableTitle(group.title)}
              </Typography>
              <TableContainer>
                <Table aria-label={readableTitle(group.title)} size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Option</TableCell>
                      <TableCell align="right">Count</TableCell>
                      <TableCell sx={{ width: '40%' }}>Share</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {group.data.map((entry) => (
                      <TableRow key={entry.option}>
                        <TableCell>{entry.option}</TableCell>
                        <TableCell align="right">{entry.counter}</TableCell>
                        <TableCell>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                            <LinearProgress
                              variant="determinate"
                              value={percent(entry.counter, total)}
                              aria-hidden
                              sx={{ flex: 1, height: 8, borderRadius: 4 }}
                            />
                            <Typography variant="caption" sx={{ minWidth: 44, textAlign: 'right' }}>
                              {percent(entry.counter, total)}%
                            </Typography>
                          </Box>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          );
        })
      )}
    </IconCard>
  );
}
