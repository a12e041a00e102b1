import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ResponsivePie } from '@nivo/pie';
import type { CompareDatasetsQuery } from '../datasets.generated';
import { NoiseNote, NoisyValue } from './privacy-notes';

type Overlap = CompareDatasetsQuery['compareDatasets'][number];

// One pie per shared join domain (and pair of sets): distinct values only in A, in both, only in
// B. The numbers are listed as text too, for screen readers and print. Counts that cover fewer
// than k rows of a partner's set come back suppressed: the card says so and draws nothing.
export default function OverlapCharts({
  overlaps,
  names,
}: {
  overlaps: Overlap[];
  names: ReadonlyMap<string, string>;
}) {
  if (overlaps.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        The selected data sets share no join domain, so there is nothing to compare.
      </Typography>
    );
  }
  return (
    <Grid container spacing={2}>
      {overlaps.map((overlap) => {
        const [a, b] = overlap.datasetIds.map((id) => names.get(id) ?? id);
        // a noisy count can come out below zero: the pie draws it as nothing, the list says it
        const slices = b
          ? [
              { id: `Only in ${a}`, value: overlap.onlyA ?? 0, interval: overlap.onlyAInterval },
              { id: 'In both', value: overlap.both ?? 0, interval: overlap.bothInterval },
              { id: `Only in ${b}`, value: overlap.onlyB ?? 0, interval: overlap.onlyBInterval },
            ]
          : [{ id: `Distinct in ${a}`, value: overlap.onlyA ?? 0, interval: overlap.onlyAInterval }];
        const title = b ? `${overlap.domain}: ${a} and ${b}` : `${overlap.domain}: ${a}`;
        if (overlap.suppressed) {
          return (
            <Grid key={`${overlap.domain}:${overlap.datasetIds.join(',')}`} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card variant="outlined" component="figure" aria-label={title} sx={{ m: 0, height: '100%' }}>
                <CardContent>
                  <Typography variant="subtitle2" component="figcaption" sx={{ overflowWrap: 'anywhere' }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    Suppressed: these counts would cover fewer rows of a partner’s data set than its minimum group size
                    allows.
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          );
        }
        return (
          <Grid key={`${overlap.domain}:${overlap.datasetIds.join(',')}`} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card variant="outlined" component="figure" aria-label={title} sx={{ m: 0 }}>
              <CardContent>
                <Typography variant="subtitle2" component="figcaption" sx={{ overflowWrap: 'anywhere' }}>
                  {title}
                </Typography>
                <Box role="img" aria-label={slices.map((s) => `${s.id}: ${s.value}`).join(', ')} sx={{ height: 220 }}>
                  <ResponsivePie
                    data={slices.filter((slice) => slice.value > 0).map(({ id, value }) => ({ id, value }))}
                    margin={{ top: 12, right: 12, bottom: 12, left: 12 }}
                    innerRadius={0.5}
                    padAngle={1}
                    cornerRadius={3}
                    colors={{ scheme: 'set2' }}
                    enableArcLinkLabels={false}
                    arcLabelsSkipAngle={12}
                    animate={false}
                    role="presentation"
                  />
                </Box>
                <Box component="ul" aria-label={`Counts for ${title}`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                  {slices.map((slice) => (
                    <Typography component="li" variant="body2" key={slice.id}>
                      {slice.id}:{' '}
                      <strong>
                        {overlap.noisy ? (
                          <NoisyValue value={slice.value} interval={slice.interval} />
                        ) : (
                          slice.value.toLocaleString('en-US')
                        )}
                      </strong>
                    </Typography>
                  ))}
                </Box>
                {overlap.noisy ? (
                  <Box sx={{ mt: 1 }}>
                    <NoiseNote answer={overlap} />
                  </Box>
                ) : null}
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
