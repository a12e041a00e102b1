import { ResponsivePie } from '@nivo/pie';

export type PieSlice = { id: string; label: string; value: number; color: string };

// The drawn pie of one survey question (nivo), loaded after the page has rendered: the charts are
// the heaviest code of the survey detail screen and its cards, counts and legends need none of it.
export default function QuestionPieChart({ slices }: { slices: PieSlice[] }) {
  return (
    <ResponsivePie
      data={slices}
      margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
      innerRadius={0.45}
      padAngle={1}
      cornerRadius={3}
      colors={(slice) => slice.data.color}
      enableArcLinkLabels={false}
      arcLabelsSkipAngle={12}
      arcLabel={(datum) => String(datum.value)}
      isInteractive
      animate={false}
      // the box around it is the image, named by its counts (a drawing inside an image is no image)
      role="presentation"
    />
  );
}
