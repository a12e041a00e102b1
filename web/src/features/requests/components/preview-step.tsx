import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RequestKind } from '../../../gql/types';
import {
  NOT_ENOUGH_TOKENS,
  PURCHASE_TOKENS,
  OPTION_FIELDS,
  QUALITY_CHOICES,
  REVIEW_DAYS,
  reviewDaysOf,
  type StepErrors,
  type WizardValues,
} from '../request-form';
import { describeQuestion } from '../question-form';
import { readableTitle } from '../../../../../shared/survey-pipes';

type Props = {
  type: RequestKind;
  form: FormikProps<WizardValues>;
  keyTitle: string | null;
  // a published request stays published
  published: boolean;
  // the prepaid credit on offer; null while it loads (or could not be loaded)
  credit: number | null;
  errors: StepErrors;
};

const OPTION_NAMES: Record<(typeof OPTION_FIELDS)[number]['key'], string> = {
  healthData: 'Health data',
  locationData: 'Location data',
  profileData: 'Profile data',
  idData: 'ID data',
  personalImages: 'Personal images',
};

// The keeping periods the server accepts (setRequestRetention), in days.
const RETENTION_CHOICES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '180 days' },
  { days: 365, label: '1 year' },
  { days: 730, label: '2 years' },
];

// Step 3: a read-only review (spec s.2). Requested data shows as Include or Exclude, the bonus as
// Ethereum (the IPT token). The choice between publishing and a draft decides the status.
export function PreviewStep({ type, form, keyTitle, published, credit, errors }: Props) {
  const { values } = form;
  const total = Number(values.bonusAmount.trim());
  const publishing = !published && !values.draft;
  const withCredit = values.payWith === 'CREDIT';
  const rows: [string, ReactNode][] = [
    ['Title', values.title.trim()],
    ['Category', 'Default'],
    ['Description', values.description.trim() || '—'],
    ['User Quality', QUALITY_CHOICES.find((q) => q.value === values.quality)?.label ?? values.quality],
    ['Access Type', values.access],
    ['Request Key', keyTitle ?? '—'],
    ['Bonus', 'Ethereum'],
    ['Total IPTs', `${values.bonusAmount.trim()} IPT`],
    ['IPTs per Response', `${values.bonusEach.trim()} IPT`],
    [
      'Pay participants',
      values.payAfterReview
        ? `After your review (approved by itself after ${reviewDaysOf(values) ?? REVIEW_DAYS.default} days)`
        : 'On submission',
    ],
  ];
  if (type === 'collection') {
    for (const { key } of OPTION_FIELDS) rows.push([OPTION_NAMES[key], values.options[key] ? 'Include' : 'Exclude']);
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        component="dl"
        aria-label="Request preview"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(140px, max-content) minmax(0, 1fr)' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1 },
          m: 0,
          '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, fontWeight: 500, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      {type === 'survey' ? (
        <Box component="section" aria-labelledby="preview-questions">
          <Typography id="preview-questions" variant="subtitle1" component="h3">
            Questions ({values.questions.length})
          </Typography>
          <Box component="ol" sx={{ pl: 3, my: 1 }}>
            {values.questions.map((q, index) => (
              <li key={index}>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {readableTitle(q.title)}
                </Typography>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({describeQuestion(q)})
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      <FormControl>
        <FormLabel id="finish-choice">When you press Finish</FormLabel>
        <RadioGroup
          aria-labelledby="finish-choice"
          value={values.draft ? 'draft' : 'publish'}
          onChange={(event) => void form.setFieldValue('draft', event.target.value === 'draft')}
        >
          <FormControlLabel
            value="publish"
            control={<Radio />}
            label={published ? 'Save the published request' : 'Publish now'}
          />
          <FormControlLabel value="draft" control={<Radio />} label="Save as draft" disabled={published} />
        </RadioGroup>
        <FormHelperText>
          {published
            ? 'The request stays published with its escrow.'
            : values.draft
              ? 'A draft needs no tokens; publish it later from the list.'
              : withCredit
                ? `Your prepaid credit pays ${values.bonusAmount.trim()} IPT; the platform creates the request's escrow with it before the request is published.`
                : `Your wallet moves ${values.bonusAmount.trim()} IPT into the request's escrow before it is saved.`}
        </FormHelperText>
      </FormControl>
      {publishing ? (
        <FormControl required error={Boolean(errors.retentionDays)}>
          <FormLabel id="retention-choice">Keep each answer for</FormLabel>
          <RadioGroup
            row
            aria-labelledby="retention-choice"
            aria-describedby="retention-help"
            aria-required
            aria-invalid={Boolean(errors.retentionDays)}
            name="retentionDays"
            value={values.retentionDays}
            onChange={(event) => void form.setFieldValue('retentionDays', event.target.value)}
          >
            {RETENTION_CHOICES.map((c) => (
              <FormControlLabel key={c.days} value={String(c.days)} control={<Radio />} label={c.label} />
            ))}
          </RadioGroup>
          <FormHelperText id="retention-help">
            {errors.retentionDays
              ? 'Choose how long answers are kept before you publish.'
              : 'Participants see this before they answer; each answer and its images are deleted this long after it is sent.'}
          </FormHelperText>
        </FormControl>
      ) : null}
      {publishing ? (
        <FormControl>
          <FormLabel id="pay-with">Pay with</FormLabel>
          <RadioGroup
            aria-labelledby="pay-with"
            value={values.payWith}
            onChange={(event) => void form.setFieldValue('payWith', event.target.value)}
          >
            <FormControlLabel value="WALLET" control={<Radio />} label="Browser wallet" />
            <FormControlLabel
              value="CREDIT"
              control={<Radio />}
              label={`Pay with prepaid credit (${credit ?? '…'} IPT available)`}
            />
          </RadioGroup>
        </FormControl>
      ) : null}
      {publishing && withCredit && credit !== null && credit < total ? (
        <Alert severity="warning" role="alert">
          <AlertTitle>{PURCHASE_TOKENS}</AlertTitle>
          {NOT_ENOUGH_TOKENS}{' '}
          <Link component={RouterLink} to="/auth/pricing-page">
            Purchase IPT Tokens
          </Link>
        </Alert>
      ) : null}
    </Box>
  );
}
