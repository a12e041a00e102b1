import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { readableTitle } from '../../../../../shared/survey-pipes';
import type { SurveyResultsQuery } from '../responses.generated';

// The results of the survey format 2 closed types: NPS as its score with promoters, passives and
// detractors; a matrix as one stacked bar per row; a ranking as each choice's mean place.

type Group = SurveyResultsQuery['surveyStatistics'][number];
const PALETTE = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3', '#a6d854', '#ffd92f', '#e5c494', '#b3b3b3'];

/** Net Promoter Score: % promoters (9-10) minus % detractors (0-6), -100 to 100; null with no answers. */
export function npsOf(data: readonly { option: string; counter: number }[]) {
  const count = (from: number, to: number) =>
    data.filter((d) => Number(d.option) >= from && Number(d.option) <= to).reduce((sum, d) => sum + d.counter, 0);
  const promoters = count(9, 10);
  const passives = count(7, 8);
  const detractors = count(0, 6);
  const total = promoters + passives + detractors;
  const score = total === 0 ? null : Math.round(((promoters - detractors) / total) * 100);
  return { promoters, passives, detractors, total, score };
}

function ResultCard({ group, children, total }: { group: Group; total: number; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {readableTitle(group.title)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {total === 0 ? 'No answers yet' : `${total} answer${total === 1 ? '' : 's'}`}
        </Typography>
        <Box sx={{ mt: 1.5 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

export function NpsResult({ group }: { group: Group }) {
  const nps = npsOf(group.data);
  const parts = [
    { label: 'Promoters (9-10)', n: nps.promoters, color: '#2e7d32' },
    { label: 'Passives (7-8)', n: nps.passives, color: '#9e9e9e' },
    { label: 'Detractors (0-6)', n: nps.detractors, color: '#c62828' },
  ];
  return (
    <ResultCard group={group} total={nps.total}>
      <Typography variant="h3" component="p">
        {nps.score === null ? '–' : nps.score > 0 ? `+${nps.score}` : nps.score}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Net Promoter Score (−100 to +100)
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {parts.map((p) => (
          <Box component="li" key={p.label} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: p.color }} aria-hidden />
            <Typography variant="body2" sx={{ flex: 1 }}>
              {p.label}
            </Typography>
            <Typography variant="body2">
              {p.n}
              {nps.total ? ` (${Math.round((p.n / nps.total) * 100)}%)` : ''}
            </Typography>
          </Box>
        ))}
      </Box>
    </ResultCard>
  );
}

export function MatrixResult({ group }: { group: Group }) {
  const rows = [...new Set(group.data.map((d) => d.row ?? ''))];
  const columns = [...new Set(group.data.map((d) => d.option))];
  const perRow = rows.map((row) => group.data.filter((d) => d.row === row));
  const total = Math.max(0, ...perRow.map((cells) => cells.reduce((sum, d) => sum + d.counter, 0)));
  return (
    <ResultCard group={group} total={total}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1 }} aria-hidden>
        {columns.map((c, i) => (
          <Box key={c} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: PALETTE[i % PALETTE.length] }} />
            <Typography variant="caption">{c}</Typography>
          </Box>
        ))}
      </Box>
      {rows.map((row, r) => {
        const cells = perRow[r];
        const sum = cells.reduce((acc, d) => acc + d.counter, 0);
        return (
          <Box key={row} sx={{ mb: 1 }}>
            <Typography variant="body2">{row}</Typography>
            <Box
              role="img"
              aria-label={`${row}: ${cells.map((d) => `${d.option} ${d.counter}`).join(', ')}`}
              sx={{ display: 'flex', height: 18, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
            >
              {cells.map((d) =>
                d.counter > 0 ? (
                  <Box
                    key={d.option}
                    sx={{
                      width: `${(d.counter / sum) * 100}%`,
                      bgcolor: PALETTE[columns.indexOf(d.option) % PALETTE.length],
                    }}
                  />
                ) : null,
              )}
            </Box>
          </Box>
        );
      })}
    </ResultCard>
  );
}

export function RankingResult({ group }: { group: Group }) {
  const ranked = [...group.data].sort((a, b) => (a.meanRank ?? Infinity) - (b.meanRank ?? Infinity));
  const total = Math.max(0, ...group.data.map((d) => d.counter));
  return (
    <ResultCard group={group} total={total}>
      <Box component="ol" sx={{ pl: 3, m: 0 }}>
        {ranked.map((d) => (
          <li key={d.option}>
            <Typography variant="body2" component="span">
              {d.option}
            </Typography>{' '}
            <Typography variant="body2" component="span" color="text.secondary">
              {d.meanRank === null || d.meanRank === undefined
                ? '(not ranked yet)'
                : `mean rank ${d.meanRank.toFixed(2)}`}
            </Typography>
          </li>
        ))}
      </Box>
    </ResultCard>
  );
}
