import Box from '@mui/material/Box';
import { ResponsiveBar } from '@nivo/bar';

type Props = {
  // one bar per group: its label and the measure's value
  bars: { group: string; value: number }[];
  measure: string;
};

// The aggregate's first measure as a bar chart, one bar per group (loaded on demand: nivo is big).
// The table beside it carries the same numbers for screen readers.
export default function AggregateChart({ bars, measure }: Props) {
  return (
    <Box
      role="img"
      aria-label={`${measure} by group: ${bars.map((b) => `${b.group} ${b.value}`).join(', ')}`}
      sx={{ height: 260, minWidth: 0 }}
    >
      <ResponsiveBar
        data={bars}
        keys={['value']}
        indexBy="group"
        margin={{ top: 12, right: 12, bottom: 48, left: 56 }}
        padding={0.3}
        colors={{ scheme: 'set2' }}
        colorBy="indexValue"
        axisBottom={{ tickRotation: bars.length > 6 ? -35 : 0 }}
        axisLeft={{ legend: measure, legendPosition: 'middle', legendOffset: -48 }}
        enableLabel={bars.length <= 12}
        labelSkipHeight={14}
        animate={false}
        role="presentation"
      />
    </Box>
  );
}
