import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { readableTitle } from '../../../../../shared/survey-pipes';
import type { SurveyResultsQuery } from '../responses.generated';
import type { PieSlice } from './question-pie-chart';

const QuestionPieChart = lazy(() => import('./question-pie-chart'));

type Group = SurveyResultsQuery['surveyStatistics'][number];

// Spec: the pies are 230 px high.
export const PIE_HEIGHT = 230;
// ColorBrewer Set2, given per option (not per slice) so the legend's swatches match the slices.
const PALETTE = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3', '#a6d854', '#ffd92f', '#e5c494', '#b3b3b3'];
const colorOf = (index: number) => PALETTE[index % PALETTE.length];

// One survey question as a pie: titled by the question, a slice per option (label = option,
// value = counter). The counts are also listed as text, for screen readers and for print.
export function QuestionPie({ group }: { group: Group }) {
  const titleId = useId();
  const title = readableTitle(group.title);
  const total = group.data.reduce((sum, entry) => sum + entry.counter, 0);
  const slices: PieSlice[] = group.data
    .map((entry, index) => ({ id: entry.option, label: entry.option, value: entry.counter, color: colorOf(index) }))
    .filter((slice) => slice.value > 0);
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {total === 0 ? 'No answers yet' : `${total} answer${total === 1 ? '' : 's'}`}
        </Typography>
        <Box
          role="img"
          aria-label={`${title}: ${group.data.map((entry) => `${entry.option} ${entry.counter}`).join(', ')}`}
          data-testid="question-pie"
          sx={{ height: PIE_HEIGHT, position: 'relative' }}
        >
          {slices.length > 0 ? (
            <Suspense
              fallback={
                <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
                  <CircularProgress aria-label="Loading chart" />
                </Box>
              }
            >
              <QuestionPieChart slices={slices} />
            </Suspense>
          ) : (
            <Typography
              color="text.secondary"
              variant="body2"
              sx={{ display: 'grid', placeItems: 'center', height: '100%' }}
            >
              Nobody has answered this question yet.
            </Typography>
          )}
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {group.data.map((entry, index) => (
            <Typography component="li" variant="caption" key={entry.option} color="text.secondary">
              <Box
                component="span"
                aria-hidden
                sx={{
                  display: 'inline-block',
                  width: 10,
                  height: 10,
                  borderRadius: '2px',
                  mr: 0.5,
                  bgcolor: colorOf(index),
                  verticalAlign: 'baseline',
                }}
              />
              <Box component="span" sx={{ color: 'text.primary' }}>
                {entry.option}
              </Box>
              : {entry.counter}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
